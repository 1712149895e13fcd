import {
  errorResponseSchema,
  LIST_DEFAULT_PER_PAGE,
  pagedProductListResponseSchema,
  productListResponseSchema,
} from '@shop/contracts';
import {
  expectNoPhotoBytes,
  fixtureIds,
  idsOf,
  makeCategory,
  makeProduct,
  makeProducts,
  makeShirt,
} from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf } from '../../test/harness.js';
import { countProducts } from './repository/reads.js';

const FILTERS = '/api/v1/product/product-filters';
const filter = (api: Api, body: unknown) => api.post(FILTERS).send(body as object);
const postJson = (api: Api, body: string, url = FILTERS) =>
  api.post(url).set('Content-Type', 'application/json').send(body);

describe('POST /api/v1/product/product-filters', () => {
  test('when categories are checked, then only their products, newest first', async ({ api }) => {
    const a = await makeProducts(2);
    const b = await makeProducts(1);
    await makeProducts(1);
    const res = await filter(api, { checked: [a.category.id, b.category.id], radio: [] }).expect(
      200,
    );
    const { products } = productListResponseSchema.parse(res.body);
    expect(idsOf(products)).toEqual([
      ...fixtureIds(b.products),
      ...fixtureIds(a.products).reverse(),
    ]);
    expectNoPhotoBytes(res.body);
  });

  test('when a price band is chosen, then only prices inside it, decimals up to the next band included', async ({
    api,
  }) => {
    const category = await makeCategory();
    const prices = [19, 19.99, 20, 39.5, 40];
    const made = [];
    for (const price of prices) made.push(await makeProduct({ categoryId: category.id, price }));
    const res = await filter(api, { checked: [category.id], radio: [20, 39] }).expect(200);
    const { products } = productListResponseSchema.parse(res.body);
    expect(products.map((p) => p.price).sort()).toEqual([20, 39.5]);
    const band0 = await filter(api, { checked: [category.id], radio: [0, 19] }).expect(200);
    expect(
      productListResponseSchema
        .parse(band0.body)
        .products.map((p) => p.price)
        .sort(),
    ).toEqual([19, 19.99]);
  });

  test('when the top band is chosen, then prices above its 9999 bound are found too', async ({
    api,
  }) => {
    const category = await makeCategory();
    const dear = await makeProduct({ categoryId: category.id, price: 15000 });
    await makeProduct({ categoryId: category.id, price: 99.99 });
    const res = await filter(api, { checked: [category.id], radio: [100, 9999] }).expect(200);
    expect(idsOf(productListResponseSchema.parse(res.body).products)).toEqual([dear.id]);
  });

  test('when only a price band is chosen, then every result lies inside it', async ({ api }) => {
    await makeProducts(1, { price: 85 });
    const res = await filter(api, { radio: [80, 99] }).expect(200);
    const { products } = productListResponseSchema.parse(res.body);
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((p) => p.price >= 80 && p.price < 100)).toBe(true);
  });

  test('when both filters are empty, then every product', async ({ api }) => {
    await makeProducts(1);
    const total = await countProducts();
    const res = await filter(api, { checked: [], radio: [] }).expect(200);
    const body = pagedProductListResponseSchema.parse(res.body);
    expect(body.total).toBe(total);
    expect(body.products).toHaveLength(Math.min(total, LIST_DEFAULT_PER_PAGE));
  });

  test.for([
    ['an operator object in checked', { checked: [{ $gt: '' }], radio: [] }],
    ['an operator object as checked', { checked: { $ne: null }, radio: [] }],
    ['an operator object as radio', { checked: [], radio: { $gt: 0 } }],
    ['a bad id in checked', { checked: ['abc'], radio: [] }],
    ['a radio of strings', { checked: [], radio: ['0', '19'] }],
    ['a radio with low above high', { checked: [], radio: [99, 80] }],
  ] as const)('when the body has %s, then 400', async ([, body], { api }) => {
    const res = await filter(api, body).expect(400);
    expect(errorOf(res.body).length).toBeGreaterThan(0);
  });
});

describe('POST /api/v1/product/product-filters, asked again (read before the JSON parser)', () => {
  test('when the same body comes again, then the same answer and headers, security headers included', async ({
    api,
  }) => {
    const { category } = await makeProducts(3);
    const body = JSON.stringify({ checked: [category.id], radio: [] });
    const first = await postJson(api, body).expect(200);
    const again = await postJson(api, body).expect(200);
    expect(again.text).toBe(first.text);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(pagedProductListResponseSchema.parse(again.body).total).toBe(3);
  });

  test('when the query differs, then its own page', async ({ api }) => {
    const { category } = await makeProducts(3);
    const body = JSON.stringify({ checked: [category.id], radio: [] });
    await postJson(api, body).expect(200);
    const page = await postJson(api, body, `${FILTERS}?perPage=1&page=2`).expect(200);
    const parsed = pagedProductListResponseSchema.parse(page.body);
    expect(parsed.products).toHaveLength(1);
    expect(parsed.total).toBe(3);
  });

  test('when the body is not JSON, or not an object, then 400 as from the JSON parser, each time', async ({
    api,
  }) => {
    for (const body of ['{"checked": [', '"text"', 'null', '{"checked": [']) {
      const res = await postJson(api, body).expect(400);
      expect(errorResponseSchema.parse(res.body).message).toBe('Malformed JSON in request body');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('when the body breaks the schema twice, then 400 twice (an error is never sent again as an answer)', async ({
    api,
  }) => {
    const body = JSON.stringify({ checked: ['not-an-id'] });
    for (let i = 0; i < 2; i += 1) {
      const res = await postJson(api, body).expect(400);
      expect(errorResponseSchema.parse(res.body).success).toBe(false);
    }
  });

  test('when a product changes, then the same body gets the new answer', async ({ api, admin }) => {
    const { category, products } = await makeProducts(2);
    const body = JSON.stringify({ checked: [category.id], radio: [] });
    await postJson(api, body).expect(200);
    await api
      .delete(`/api/v1/product/product/${products[0]?.id}`)
      .set('Authorization', admin.token)
      .expect(200);
    await expect
      .poll(
        async () => pagedProductListResponseSchema.parse((await postJson(api, body)).body).total,
      )
      .toBe(1);
  });

  test('when the body is too large to read early, then the parser reads it as before', async ({
    api,
  }) => {
    const { category } = await makeProducts(1);
    const padding = ' '.repeat(5000);
    const res = await postJson(api, `{"checked": ["${category.id}"],${padding}"radio": []}`).expect(
      200,
    );
    expect(pagedProductListResponseSchema.parse(res.body).total).toBe(1);
  });
});

describe('POST /api/v1/product/product-filters by the price of variants', () => {
  test('when a band holds any variant of a product, then the product matches; when it holds none, it does not', async ({
    api,
  }) => {
    const category = await makeCategory();
    // Variants at 18, 20 and 22.5: the product's price, 18, is in the first band only.
    const shirt = await makeShirt(category.id);
    const inBand = async (radio: [number, number]) => {
      const res = await filter(api, { checked: [category.id], radio }).expect(200);
      return idsOf(pagedProductListResponseSchema.parse(res.body).products);
    };
    expect(await inBand([20, 39])).toEqual([shirt.id]);
    expect(await inBand([0, 19])).toEqual([shirt.id]);
    expect(await inBand([40, 59])).toEqual([]);
  });
});
