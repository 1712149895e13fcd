import {
  allProductsResponseSchema,
  allUsersResponseSchema,
  CATEGORY_DEFAULT_PER_PAGE,
  categoryListResponseSchema,
  LIST_MAX_PER_PAGE,
  ordersResponseSchema,
  pagedProductListResponseSchema,
  productCategoryResponseSchema,
} from '@shop/contracts';
import { insertOrder } from '../features/orders/index.js';
import { minor } from '../lib/money.js';
import { fixtureIds, idsOf, makeProducts } from '../test/catalogue.js';
import { describe, expect, test } from '../test/fixtures.js';
import { createUser, errorOf } from '../test/harness.js';

const P = '/api/v1/product';

describe('paging of product lists', () => {
  test('when get-product is paged, then the pages follow one another newest first', async ({
    api,
  }) => {
    await makeProducts(5);
    const all = allProductsResponseSchema.parse(
      (await api.get(`${P}/get-product?perPage=${LIST_MAX_PER_PAGE}`).expect(200)).body,
    );
    const page2 = allProductsResponseSchema.parse(
      (await api.get(`${P}/get-product?page=2&perPage=2`).expect(200)).body,
    );
    expect(idsOf(page2.products)).toEqual(idsOf(all.products).slice(2, 4));
    expect(page2.countTotal).toBe(2);
    expect(page2.total).toBe(all.total);
  });

  test('when a category page and related products are paged, then each answers its page and total', async ({
    api,
  }) => {
    const { category, products } = await makeProducts(5);
    const newestFirst = fixtureIds(products).reverse();
    const byCategory = productCategoryResponseSchema.parse(
      (await api.get(`${P}/product-category/${category.slug}?page=2&perPage=2`).expect(200)).body,
    );
    expect(idsOf(byCategory.products)).toEqual(newestFirst.slice(2, 4));
    expect(byCategory.total).toBe(5);
    const [shown] = newestFirst;
    const related = pagedProductListResponseSchema.parse(
      (await api.get(`${P}/related-product/${shown}/${category.id}?page=2&perPage=3`).expect(200))
        .body,
    );
    expect(idsOf(related.products)).toEqual(newestFirst.slice(4));
    expect(related.total).toBe(4);
  });

  test('when filters are paged, then the query parameters choose the page', async ({ api }) => {
    const { category, products } = await makeProducts(3);
    const res = await api
      .post(`${P}/product-filters?page=3&perPage=1`)
      .send({ checked: [category.id], radio: [] })
      .expect(200);
    const body = pagedProductListResponseSchema.parse(res.body);
    expect(idsOf(body.products)).toEqual([products[0]?.id]);
    expect(body.total).toBe(3);
  });

  test('when categories are listed without paging, then up to the category default', async ({
    api,
  }) => {
    await makeProducts(1);
    const res = await api.get('/api/v1/category/get-category?perPage=1').expect(200);
    const body = categoryListResponseSchema.parse(res.body);
    expect(body.category).toHaveLength(1);
    expect(body.total).toBeGreaterThanOrEqual(1);
    const all = await api.get('/api/v1/category/get-category').expect(200);
    expect(categoryListResponseSchema.parse(all.body).category).toHaveLength(
      Math.min(body.total, CATEGORY_DEFAULT_PER_PAGE),
    );
  });
});

describe('paging of orders and users', () => {
  test('when an admin pages users and orders, then each page holds perPage and total counts all', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    await createUser();
    for (const id of ['pi_page_1', 'pi_page_2', 'pi_page_3']) {
      await insertOrder({
        lines: [],
        payment: { id, success: true, status: 'succeeded', amount: minor(100), currency: 'usd' },
        buyer: { _id: buyer.id, address: '1 Test Street' },
      });
    }
    const users = allUsersResponseSchema.parse(
      (await api.get('/api/v1/auth/all-users?perPage=2').set('Authorization', admin.token)).body,
    );
    expect(users.users).toHaveLength(2);
    expect(users.total).toBeGreaterThanOrEqual(3);
    const mine = ordersResponseSchema.parse(
      (await api.get('/api/v1/auth/orders?page=2&perPage=2').set('Authorization', buyer.token))
        .body,
    );
    expect(mine.orders).toHaveLength(1);
    expect(mine.total).toBe(3);
    const all = ordersResponseSchema.parse(
      (await api.get('/api/v1/auth/all-orders?perPage=1').set('Authorization', admin.token)).body,
    );
    expect(all.orders).toHaveLength(1);
    expect(all.total).toBe(3);
  });
});

describe('bad paging parameters', () => {
  const lists = [
    `${P}/get-product`,
    `${P}/search/lamp`,
    `${P}/related-product/${'a'.repeat(24)}/${'b'.repeat(24)}`,
    `${P}/product-category/lamps`,
    '/api/v1/category/get-category',
    '/api/v1/auth/orders',
    '/api/v1/auth/all-orders',
    '/api/v1/auth/all-users',
  ];
  test.for(lists)(
    'when %s is asked for more than the maximum or page 0, then 400',
    async (url, { api, admin }) => {
      const tooMany = await api
        .get(`${url}?perPage=${LIST_MAX_PER_PAGE + 1}`)
        .set('Authorization', admin.token)
        .expect(400);
      expect(errorOf(tooMany.body)).toBe(`perPage must be at most ${LIST_MAX_PER_PAGE}`);
      const pageZero = await api.get(`${url}?page=0`).set('Authorization', admin.token).expect(400);
      expect(errorOf(pageZero.body)).toBe('page must be 1 or more');
    },
  );

  test('when product-filters gets a bad page, then 400', async ({ api }) => {
    const res = await api.post(`${P}/product-filters?page=abc`).send({}).expect(400);
    expect(errorOf(res.body)).toBe('page must be a whole number');
  });
});
