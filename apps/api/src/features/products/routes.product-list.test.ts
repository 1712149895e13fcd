import { PRODUCT_PAGE_SIZE, productListResponseSchema } from '@shop/contracts';
import { expectNoPhotoBytes, fixtureIds, idsOf, makeProducts } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { errorOf } from '../../test/harness.js';

const BASE = '/api/v1/product';

describe('GET /api/v1/product/product-list/{page}', () => {
  test('when there are more products than a page, then pages follow on newest first', async ({
    api,
  }) => {
    const { products } = await makeProducts(PRODUCT_PAGE_SIZE + 1);
    const newestFirst = fixtureIds(products).reverse();
    const page1 = await api.get(`${BASE}/product-list/1`).expect(200);
    const first = productListResponseSchema.parse(page1.body).products;
    expect(idsOf(first)).toEqual(newestFirst.slice(0, PRODUCT_PAGE_SIZE));
    const page2 = await api.get(`${BASE}/product-list/2`).expect(200);
    const second = productListResponseSchema.parse(page2.body).products;
    expect(second[0]?._id).toBe(newestFirst[PRODUCT_PAGE_SIZE]);
    expectNoPhotoBytes(page1.body);
  });

  test('when products share one creation time, then the id breaks the tie and no page repeats one', async ({
    api,
  }) => {
    const sameTime = new Date(Date.now() + 60_000);
    const { products } = await makeProducts(PRODUCT_PAGE_SIZE + 2, { createdAt: sameTime });
    const pages = [];
    for (const page of [1, 2]) {
      const res = await api.get(`${BASE}/product-list/${page}`).expect(200);
      pages.push(...productListResponseSchema.parse(res.body).products);
    }
    const mine = idsOf(pages).filter((id) => products.some((p) => p.id === id));
    expect(mine).toEqual(fixtureIds(products).reverse());
  });

  test('when the page is past the end, then an empty list', async ({ api }) => {
    const res = await api.get(`${BASE}/product-list/100000`).expect(200);
    expect(productListResponseSchema.parse(res.body).products).toEqual([]);
  });

  test.for(['0', 'abc', '-1', '1.5', '1e3', '100001'])(
    'when the page is "%s", then 400',
    async (page, { api }) => {
      const res = await api.get(`${BASE}/product-list/${page}`).expect(400);
      expect(errorOf(res.body)).toMatch(/page/);
    },
  );
});
