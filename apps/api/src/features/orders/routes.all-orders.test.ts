import { errorResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { expectNoPhotoBytes } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { createUser, notSignedIn, withToken } from '../../test/harness.js';
import { makeOrder, makeOrderedProduct, minutesAgo } from '../../test/orders.js';
import { findUser } from '../auth/repository.js';
import { findStoredOrder } from './repository/reads.js';

const allOrders = (api: Api, token: string, query: Record<string, string>) =>
  api
    .get(`/api/v1/auth/all-orders?${new URLSearchParams(query)}`)
    .set('Authorization', token)
    .expect(200);

describe('GET /api/v1/auth/all-orders', () => {
  test('when an admin asks, then every buyer’s orders come back newest first', async ({
    api,
    admin,
  }) => {
    const first = await createUser();
    const second = await createUser();
    const product = await makeOrderedProduct();
    const a = await makeOrder({ buyer: first.id, products: [product], createdAt: minutesAgo(30) });
    const b = await makeOrder({ buyer: second.id, products: [product], createdAt: minutesAgo(20) });

    const res = await api.get('/api/v1/auth/all-orders').set('Authorization', admin.token);

    expect(res.status).toBe(200);
    const ids = ordersResponseSchema.parse(res.body).orders.map((o) => o._id);
    expect(ids.indexOf(b)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(b)).toBeLessThan(ids.indexOf(a));
    expectNoPhotoBytes(res.body);
    expect(JSON.stringify(res.body)).not.toMatch(/password|@example\.com/);
  });

  test('when an admin filters by status, then only orders of that status come back, with their total', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const product = await makeOrderedProduct();
    const shipped = await makeOrder({ buyer: buyer.id, products: [product], status: 'Shipped' });
    await makeOrder({ buyer: buyer.id, products: [product], status: 'Processing' });

    const res = await allOrders(api, admin.token, { status: 'Shipped', perPage: '100' });

    const { orders, total } = ordersResponseSchema.parse(res.body);
    expect(orders.every((o) => o.status === 'Shipped')).toBe(true);
    expect(orders.map((o) => o._id)).toContain(shipped);
    expect(total).toBe(orders.length);
  });

  test('when an admin searches a number (with or without #), then that order comes back', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const orderId = await makeOrder({ buyer: buyer.id, products: [await makeOrderedProduct()] });
    const number = (await findStoredOrder(orderId))?.number;

    for (const q of [`${number}`, `#${number}`, ` ${number} `]) {
      const res = await allOrders(api, admin.token, { q });
      const { orders, total } = ordersResponseSchema.parse(res.body);
      expect(orders.map((o) => o._id)).toEqual([orderId]);
      expect(total).toBe(1);
    }
  });

  test('when an admin searches part of a buyer’s e-mail or name, in any case, then that buyer’s orders come back, newest first and paged', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const other = await createUser();
    const product = await makeOrderedProduct();
    const older = await makeOrder({
      buyer: buyer.id,
      products: [product],
      createdAt: minutesAgo(9),
    });
    const newer = await makeOrder({
      buyer: buyer.id,
      products: [product],
      createdAt: minutesAgo(3),
    });
    await makeOrder({ buyer: other.id, products: [product] });
    const name = (await findUser(buyer.id))?.name ?? '';

    for (const q of [buyer.email.split('@')[0]?.toUpperCase() ?? '', buyer.email]) {
      const body = ordersResponseSchema.parse((await allOrders(api, admin.token, { q })).body);
      expect(body.orders.map((o) => o._id)).toEqual([newer, older]);
      expect(body.total).toBe(2);
    }
    // Another buyer's name may hold this one's ("User 1" in "User 12").
    const byName = ordersResponseSchema.parse(
      (await allOrders(api, admin.token, { q: name.toLowerCase() })).body,
    );
    expect(byName.orders.map((o) => o._id)).toEqual(expect.arrayContaining([newer, older]));
    const pageTwo = await allOrders(api, admin.token, { q: buyer.email, page: '2', perPage: '1' });
    const paged = ordersResponseSchema.parse(pageTwo.body);
    expect(paged.orders.map((o) => o._id)).toEqual([older]);
    expect(paged.total).toBe(2);
  });

  test('when the search holds regular-expression characters or matches nobody, then they are taken literally and nothing comes back', async ({
    api,
    admin,
  }) => {
    for (const q of ['.*', 'nobody-at-all@nowhere', '(']) {
      const res = await allOrders(api, admin.token, { q });
      expect(ordersResponseSchema.parse(res.body)).toMatchObject({ orders: [], total: 0 });
    }
  });

  test('when the status and the search are empty, then every order comes back as without them', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    await makeOrder({ buyer: buyer.id, products: [await makeOrderedProduct()] });
    const plain = ordersResponseSchema.parse((await allOrders(api, admin.token, {})).body);
    const empty = ordersResponseSchema.parse(
      (await allOrders(api, admin.token, { status: '', q: '  ' })).body,
    );
    expect(empty.total).toBe(plain.total);
    expect(empty.orders.map((o) => o._id)).toEqual(plain.orders.map((o) => o._id));
  });

  test.for([
    [
      'status=Delivered',
      'status must be empty or one of: Not Process, Processing, Shipped, deliverd, cancel',
    ],
    ['status=Shipped&status=cancel', 'status must be empty or one of'],
    [`q=${'x'.repeat(101)}`, 'q must be at most 100 characters'],
    ['q=a&q=b', 'q must be a text'],
    ['page=0', 'page must be 1 or more'],
    ['perPage=500', 'perPage must be at most 100'],
  ])('when the query has %s, then 400 saying so', async ([query, message], { api, admin }) => {
    const res = await api.get(`/api/v1/auth/all-orders?${query}`).set('Authorization', admin.token);
    expect(res.status).toBe(400);
    const body = errorResponseSchema.parse(res.body);
    expect(body.success).toBe(false);
    expect(body.message).toContain(message);
  });

  test('when a normal user asks, then 403', async ({ api, user }) => {
    const res = await api.get('/api/v1/auth/all-orders').set('Authorization', user.token);
    expect(res.status).toBe(403);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });

  test.for(notSignedIn())('when the call carries %s, then 401', async ([, token], { api }) => {
    await withToken(api.get('/api/v1/auth/all-orders'), token).expect(401);
  });
});
