import {
  facetedSearchResponseSchema,
  pagedProductListResponseSchema,
  productResponseSchema,
  suggestResponseSchema,
} from '@shop/contracts';
import { makeProducts, uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Api, createAdmin } from '../../test/harness.js';
import { answers } from './cached-json.js';
import { catchUpCatalogue } from './catalogue.js';

const detailsOf = (slug: string) => `/api/v1/product/get-product/${slug}`;

/** The product at a new price, as an admin's edit saves it (its description changed too). */
async function repriced(
  api: Api,
  product: { id: string; name: string },
  categoryId: string,
  price: number,
) {
  const admin = await createAdmin();
  await api
    .put(`/api/v1/product/update-product/${product.id}`)
    .set('Authorization', admin.token)
    .field('name', product.name)
    .field('description', 'Changed')
    .field('price', String(price))
    .field('reason', 'Dearer')
    .field('quantity', '5')
    .field('category', categoryId)
    .expect(200);
}

describe('a repeated catalogue read', () => {
  test('when asked again, then the same bytes and headers, security headers included', async ({
    api,
  }) => {
    const { products } = await makeProducts(1);
    const url = detailsOf(products[0]?.slug ?? '');
    const first = await api.get(url).expect(200);
    const again = await api.get(url).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  test('when the browser holds the answer, then 304; when it takes gzip, then gzip', async ({
    api,
  }) => {
    const { products } = await makeProducts(1);
    const url = detailsOf(products[0]?.slug ?? '');
    const { headers } = await api.get(url).expect(200);
    await api
      .get(url)
      .set('If-None-Match', headers.etag ?? '')
      .expect(304);
    const zipped = await api.get(url).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(productResponseSchema.parse(zipped.body).product._id).toBe(products[0]?.id);
  });

  test('when the product changed since, then the new answer, not the one sent before', async ({
    api,
  }) => {
    const { category, products } = await makeProducts(1);
    const product = products[0] as { id: string; slug: string };
    await api.get(detailsOf(product.slug)).expect(200);
    await repriced(api, { ...product, name: product.slug }, category.id, 31);
    const res = await api.get(detailsOf(product.slug)).expect(200);
    expect(productResponseSchema.parse(res.body).product.price).toBe(31);
  });

  test('when filtered results are asked with gzip (a POST), then the gzipped answer, the same products', async ({
    api,
  }) => {
    const { category } = await makeProducts(8);
    const filters = '/api/v1/product/product-filters';
    const body = { checked: [category.id], radio: [] };
    const plain = await api.post(filters).send(body).set('Accept-Encoding', 'identity');
    const zipped = await api.post(filters).send(body).set('Accept-Encoding', 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(pagedProductListResponseSchema.parse(zipped.body)).toEqual(
      pagedProductListResponseSchema.parse(plain.body),
    );
    expect(pagedProductListResponseSchema.parse(plain.body).total).toBe(8);
  });

  test('when junk parameters are added to a URL, then the same answer from the same kept entry', async ({
    api,
  }) => {
    const { products } = await makeProducts(2);
    const id = products[0]?.id ?? '';
    const urls = [
      '/api/v1/product/product-list/1',
      '/api/v1/product/search/Product',
      `/api/v1/product/product-photo/${id}`,
    ];
    for (const url of urls) {
      // Asked twice: an answer is kept from its second ask on.
      await api.get(url).expect(200);
      const clean = await api.get(url).responseType('blob').expect(200);
      const kept = answers.size.entries;
      for (let i = 0; i < 20; i += 1) {
        const res = await api.get(`${url}?junk${i}=${i}&page=1`).responseType('blob').expect(200);
        expect(res.headers.etag).toBe(clean.headers.etag);
        expect(Buffer.compare(res.body as Buffer, clean.body as Buffer)).toBe(0);
      }
      expect(answers.size.entries).toBe(kept);
    }
  });

  test('when a search is asked once, then its answer is not kept; asked again, then it is, and sent again alike', async ({
    api,
  }) => {
    const { products } = await makeProducts(1);
    const word = products[0]?.name.split(' ')[1] ?? '';
    // Once the catalogue holds it: no change moves the catalogue on between the asks below.
    await expect
      .poll(async () => (await api.get('/api/v1/search/suggest').query({ q: word })).body.products)
      .toHaveLength(1);
    await catchUpCatalogue();
    // Another answer kept first: the answers kept from an older catalogue make room at a keep.
    await api.get('/api/v1/search').query({ q: word }).expect(200);
    await api.get('/api/v1/search').query({ q: word }).expect(200);
    const url = `/api/v1/search?q=${word}&sort=newest`;
    const before = answers.size.entries;
    const first = await api.get(url).expect(200);
    expect(answers.size.entries).toBe(before);
    const second = await api.get(url).expect(200);
    expect(answers.size.entries).toBe(before + 1);
    const third = await api.get(url).expect(200);
    expect(answers.size.entries).toBe(before + 1);
    expect([second.text, third.text]).toEqual([first.text, first.text]);
    expect([second.headers.etag, third.headers.etag]).toEqual([
      first.headers.etag,
      first.headers.etag,
    ]);
  });

  test('when filter bodies carry other keys or another order, then the same answer from one entry', async ({
    api,
  }) => {
    const { category } = await makeProducts(3);
    const filters = '/api/v1/product/product-filters';
    await api
      .post(filters)
      .send({ checked: [category.id], radio: [] })
      .expect(200);
    const clean = await api
      .post(filters)
      .send({ checked: [category.id], radio: [] })
      .expect(200);
    const kept = answers.size.entries;
    for (let i = 0; i < 10; i += 1) {
      const body = { radio: [], [`junk${i}`]: i, checked: [category.id] };
      const res = await api.post(filters).send(body).expect(200);
      expect(res.text).toBe(clean.text);
    }
    expect(answers.size.entries).toBe(kept);
  });
});

describe('a new catalogue read, made before the app once the app has made one of its route', () => {
  test('when new words are asked, then their answer goes with the headers the app sent, security headers included', async ({
    api,
  }) => {
    const suggest = (q: string) => api.get('/api/v1/search/suggest').query({ q }).expect(200);
    const { date: _madeAt, ...byTheApp } = (await suggest(uniqueWord())).headers;
    const { date: _sentAt, ...beforeTheApp } = (await suggest(uniqueWord())).headers;
    // No product has either word: the same body, so the same ETag and length too.
    expect(beforeTheApp).toEqual(byTheApp);
    expect(beforeTheApp['content-security-policy']).toContain("script-src 'self'");
    expect(beforeTheApp['x-content-type-options']).toBe('nosniff');
  });

  test('when a product found is repriced, then the next answer of the same or new words shows the new price, as JSON.stringify writes it', async ({
    api,
  }) => {
    const { category, products } = await makeProducts(1, { price: 20 });
    const product = products[0] as { id: string; slug: string; name: string };
    const word = product.name.split(' ')[1] as string;
    const searched = async (q: string) => {
      const res = await api.get('/api/v1/search').query({ q }).expect(200);
      // Written from each product's kept JSON: the bytes JSON.stringify makes of the answer.
      expect(res.text).toBe(JSON.stringify(res.body));
      expect(Object.keys(res.body)).toEqual(['success', 'products', 'total', 'facets']);
      return facetedSearchResponseSchema.parse(res.body).products.map((p) => p.price);
    };
    const suggested = async (q: string) => {
      const res = await api.get('/api/v1/search/suggest').query({ q }).expect(200);
      return suggestResponseSchema.parse(res.body).products.map((p) => p.price);
    };
    expect(await searched(word)).toEqual([20]);
    expect(await suggested(word)).toEqual([20]);
    await repriced(api, product, category.id, 31);
    expect(await searched(word)).toEqual([31]);
    expect(await suggested(word)).toEqual([31]);
    expect(await searched(`${word} product`)).toEqual([31]);
  });
});
