import { pagedProductListResponseSchema, productResponseSchema } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeProducts } from '../../test/catalog.js';
import { createAdmin, startTestApp } from '../../test/harness.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const detailsOf = (slug: string) => `/api/v1/product/get-product/${slug}`;

describe('a repeated catalogue read', () => {
  it('when asked again, then the same bytes and headers, security headers included', async () => {
    const { products } = await makeProducts(1);
    const url = detailsOf(products[0]?.slug ?? '');
    const first = await t.http().get(url).expect(200);
    const again = await t.http().get(url).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('when the browser holds the answer, then 304; when it takes gzip, then gzip', async () => {
    const { products } = await makeProducts(1);
    const url = detailsOf(products[0]?.slug ?? '');
    const { headers } = await t.http().get(url).expect(200);
    await t
      .http()
      .get(url)
      .set('If-None-Match', headers.etag ?? '')
      .expect(304);
    const zipped = await t.http().get(url).set('Accept-Encoding', 'gzip').expect(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(productResponseSchema.parse(zipped.body).product._id).toBe(products[0]?.id);
  });

  it('when the product changed since, then the new answer, not the one sent before', async () => {
    const { category, products } = await makeProducts(1);
    const product = products[0] as { id: string; slug: string };
    await t.http().get(detailsOf(product.slug)).expect(200);
    const admin = await createAdmin();
    await t
      .http()
      .put(`/api/v1/product/update-product/${product.id}`)
      .set('Authorization', admin.token)
      .field('name', product.slug)
      .field('description', 'Changed')
      .field('price', '31')
      .field('quantity', '5')
      .field('category', category.id)
      .expect(200);
    const res = await t.http().get(detailsOf(product.slug)).expect(200);
    expect(productResponseSchema.parse(res.body).product.price).toBe(31);
  });

  it('when filtered results are asked with gzip (a POST), then the gzipped answer, the same products', async () => {
    const { category } = await makeProducts(8);
    const filters = '/api/v1/product/product-filters';
    const body = { checked: [category.id], radio: [] };
    const plain = await t.http().post(filters).send(body).set('Accept-Encoding', 'identity');
    const zipped = await t.http().post(filters).send(body).set('Accept-Encoding', 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(pagedProductListResponseSchema.parse(zipped.body)).toEqual(
      pagedProductListResponseSchema.parse(plain.body),
    );
    expect(pagedProductListResponseSchema.parse(plain.body).total).toBe(8);
  });
});
