import {
  dashboardResponseSchema,
  lowStockThresholdResponseSchema,
} from '@shop/contracts/dashboard';
import { makeShirt } from '../../test/catalogue.js';
import { createProduct } from '../../test/checkout.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, withToken } from '../../test/harness.js';

const PATH = '/api/v1/auth/dashboard/low-stock-threshold';

const setThreshold = (api: Api, token: string, body: unknown) =>
  api
    .put(PATH)
    .set('Authorization', token)
    .send(body as object);

async function lowStockOf(api: Api, token: string) {
  const res = await api.get('/api/v1/auth/dashboard').set('Authorization', token).expect(200);
  return dashboardResponseSchema.parse(res.body).dashboard.lowStock;
}

describe('PUT /api/v1/auth/dashboard/low-stock-threshold', () => {
  test('when an admin sets a threshold, then the variants below it are listed, lowest first', async ({
    api,
    admin,
  }) => {
    const two = await createProduct({ quantity: 2 });
    const seven = await createProduct({ quantity: 7 });
    const forty = await createProduct({ quantity: 40 });

    const res = await setThreshold(api, admin.token, { threshold: 8 }).expect(200);

    expect(lowStockThresholdResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Low stock threshold saved',
      threshold: 8,
    });
    const low = await lowStockOf(api, admin.token);
    expect(low.threshold).toBe(8);
    const ids = low.items.map((i) => i.productId);
    expect(ids).toEqual(expect.arrayContaining([two.id, seven.id]));
    expect(ids).not.toContain(forty.id);
    expect(ids.indexOf(two.id)).toBeLessThan(ids.indexOf(seven.id));
    expect(low.items.find((i) => i.productId === two.id)).toMatchObject({
      name: two.name,
      sku: two.slug,
      options: {},
      quantity: 2,
    });
    const quantities = low.items.map((i) => i.quantity);
    expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
    expect(low.total).toBeGreaterThanOrEqual(low.items.length);
  });

  test('when a product has sizes, then each size low in stock is listed with its options', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    await setThreshold(api, admin.token, { threshold: 1_000_000 }).expect(200);

    const low = await lowStockOf(api, admin.token);

    const sizes = low.items.filter((i) => i.productId === shirt.id);
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) expect(Object.keys(size.options).length).toBeGreaterThan(0);
  });

  test('when the threshold is 0, then nothing is low in stock', async ({ api, admin }) => {
    await createProduct({ quantity: 0 });
    await setThreshold(api, admin.token, { threshold: 0 }).expect(200);

    expect(await lowStockOf(api, admin.token)).toEqual({ threshold: 0, items: [], total: 0 });
  });

  test.for([
    ['a negative number', { threshold: -1 }],
    ['a fraction', { threshold: 2.5 }],
    ['text', { threshold: '5' }],
    ['an operator object', { threshold: { $gt: 0 } }],
    ['too large a number', { threshold: 1_000_001 }],
    ['no threshold', {}],
  ] as const)(
    'when the body has %s, then 400 and the threshold stays',
    async ([, body], { api, admin }) => {
      await setThreshold(api, admin.token, { threshold: 9 }).expect(200);

      const res = await setThreshold(api, admin.token, body);

      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatch(/threshold/i);
      expect((await lowStockOf(api, admin.token)).threshold).toBe(9);
    },
  );

  test('when the body is a list, then 400', async ({ api, admin }) => {
    const res = await setThreshold(api, admin.token, [5]);

    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toBe('expected object, received array');
  });

  test('when the body is no JSON, then 400', async ({ api, admin }) => {
    const res = await api
      .put(PATH)
      .set('Authorization', admin.token)
      .set('Content-Type', 'application/json')
      .send('{"threshold":');

    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false });
  });

  test('when the caller is not signed in or no admin, then 401 or 403 and nothing changes', async ({
    api,
    admin,
    user,
  }) => {
    await setThreshold(api, admin.token, { threshold: 4 }).expect(200);

    for (const [label, token, status] of notAdmins(user)) {
      const res = await withToken(api.put(PATH), token).send({ threshold: 99 });
      expect({ label, status: res.status, success: res.body.success }).toEqual({
        label,
        status,
        success: false,
      });
    }
    expect((await lowStockOf(api, admin.token)).threshold).toBe(4);
  });
});
