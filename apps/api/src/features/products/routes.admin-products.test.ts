import { pagedProductListResponseSchema } from '@shop/contracts';
import {
  fixtureIds,
  idsOf,
  makeCategory,
  makeProduct,
  makeShirt,
  uniqueWord,
} from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Api, errorOf, notAdmins, withToken } from '../../test/harness.js';
import { reserveUnits } from './stock-holds.js';

const TABLE = '/api/v1/product/admin-products';

/** The table's answer to the admin for `query`, checked against the contract. */
async function table(api: Api, admin: { token: string }, query: Record<string, string>) {
  const res = await api
    .get(`${TABLE}?${new URLSearchParams(query)}`)
    .set('Authorization', admin.token)
    .expect(200);
  return pagedProductListResponseSchema.parse(res.body);
}

/** Products of a new category, created oldest first a minute apart, named and priced as given. */
async function productsOf(rows: { name: string; price?: number; quantity?: number }[]) {
  const category = await makeCategory();
  const start = Date.now() - rows.length * 60_000;
  const products = [];
  for (const [i, row] of rows.entries()) {
    products.push(
      await makeProduct({
        categoryId: category.id,
        createdAt: new Date(start + i * 60_000),
        ...row,
      }),
    );
  }
  return { category, products };
}

describe('GET /api/v1/product/admin-products', () => {
  test('when an admin pages through a category, then each page holds perPage products newest first and total counts them all', async ({
    api,
    admin,
  }) => {
    const { category, products } = await productsOf([{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    const newestFirst = fixtureIds(products).reverse();

    const first = await table(api, admin, { category: category.id, perPage: '2' });
    const second = await table(api, admin, { category: category.id, perPage: '2', page: '2' });

    expect(idsOf(first.products)).toEqual(newestFirst.slice(0, 2));
    expect(idsOf(second.products)).toEqual(newestFirst.slice(2));
    expect([first.total, second.total]).toEqual([3, 3]);
    expect(first.products[0]?.category?._id).toBe(category.id);
  });

  test('when the search is a SKU in any case, or part of one, then the product sold under it is found, and only it', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    await makeShirt(category.id);
    const sku = shirt.variant('M', 'White').sku;

    const whole = await table(api, admin, { search: sku.toLowerCase() });
    const part = await table(api, admin, { search: sku.split('-')[0] ?? '' });

    expect(idsOf(whole.products)).toEqual([shirt.id]);
    expect(whole.total).toBe(1);
    expect(idsOf(part.products)).toEqual([shirt.id]);
    expect(whole.products[0]?.variants.map((v) => v.sku)).toContain(sku);
  });

  test('when units are held in a checkout, then the row says so beside the stock shoppers can still have', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const white = shirt.variant('M', 'White');
    const line = { productId: shirt.id, variantId: white._id, quantity: 2 };
    expect(await reserveUnits(uniqueWord(), [line], new Date(Date.now() + 60_000))).toBeNull();

    // A reservation is not read back by its writer: the catalogue shows it within a poll.
    const row = async () => (await table(api, admin, { search: white.sku })).products[0];

    await expect
      .poll(async () => (await row())?.variants.find((v) => v._id === white._id))
      .toMatchObject({ quantity: white.quantity - 2, inCheckouts: 2 });
    expect((await row())?.quantity).toBe(shirt.product.quantity - 2);
  });

  test('when the search is part of a name, in another case and without its accents, then the products named so are found, newest first', async ({
    api,
    admin,
  }) => {
    const word = uniqueWord();
    const { products } = await productsOf([
      { name: `Crème ${word} pot` },
      { name: `Other ${word.toUpperCase()}` },
      { name: `Unrelated ${uniqueWord()}` },
    ]);

    const found = await table(api, admin, { search: `  creme ${word}  ` });
    const both = await table(api, admin, { search: word });

    expect(idsOf(found.products)).toEqual([products[0]?.id]);
    expect(idsOf(both.products)).toEqual([products[1]?.id, products[0]?.id]);
  });

  test('when a category is chosen, then only its products are listed; empty, every category', async ({
    api,
    admin,
  }) => {
    const word = uniqueWord();
    const lamps = await productsOf([{ name: `Lamp ${word}` }]);
    const desks = await productsOf([{ name: `Desk ${word}` }]);

    const ofLamps = await table(api, admin, { search: word, category: lamps.category.id });
    const ofAll = await table(api, admin, { search: word, category: '' });

    expect(idsOf(ofLamps.products)).toEqual(fixtureIds(lamps.products));
    expect(idsOf(ofAll.products)).toEqual([desks.products[0]?.id, lamps.products[0]?.id]);
  });

  test('when sorted by name, price or stock, then names read A to Z, the lowest price and the least stock come first, ties newest first', async ({
    api,
    admin,
  }) => {
    const { category, products } = await productsOf([
      { name: 'banana', price: 30, quantity: 2 },
      { name: 'Apple 10', price: 10, quantity: 9 },
      { name: 'apple 9', price: 30, quantity: 2 },
      { name: 'Cherry', price: 20, quantity: 5 },
    ]);
    const [banana, apple10, apple9, cherry] = fixtureIds(products);
    const sorted = async (sort: string) =>
      idsOf((await table(api, admin, { category: category.id, sort })).products);

    expect(await sorted('name')).toEqual([apple9, apple10, banana, cherry]);
    expect(await sorted('price')).toEqual([apple10, cherry, apple9, banana]);
    expect(await sorted('stock')).toEqual([apple9, banana, cherry, apple10]);
    expect(await sorted('newest')).toEqual([cherry, apple9, apple10, banana]);
  });

  test.for([
    ['page=0', 'page must be 1 or more'],
    ['perPage=101', 'perPage must be at most 100'],
    ['sort=cheapest', 'sort must be one of: newest, name, price, stock'],
    ['category=lamps', 'category must be a category id'],
    [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    ['search=a&search=b', 'search must be a text'],
  ])(
    'when the query has %s, then 400 says what is wrong',
    async ([query, message], { api, admin }) => {
      const res = await api.get(`${TABLE}?${query}`).set('Authorization', admin.token);

      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toBe(message);
    },
  );

  test('when someone who is not an admin asks, then 401 or 403 and no product', async ({
    api,
    user,
  }) => {
    for (const [label, token, status] of notAdmins(user)) {
      const res = await withToken(api.get(TABLE), token);
      expect({ label, status: res.status, success: res.body.success }).toEqual({
        label,
        status,
        success: false,
      });
      expect(res.body.products).toBeUndefined();
    }
  });
});
