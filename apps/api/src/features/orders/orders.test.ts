import {
  errorResponseSchema,
  ORDER_STATUSES,
  type OrderStatus,
  orderResponseSchema,
  ordersResponseSchema,
} from '@shop/contracts';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPhotoBytes, makeCategory, makeProduct, uniqueWord } from '../../test/catalog.js';
import { createAdmin, createUser, forgedToken, startTestApp } from '../../test/harness.js';
import { ProductModel } from '../products/model.js';
import { OrderModel } from './model.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A product in a category of its own, with a real photo that responses must never carry. */
async function makeOrderedProduct(price = 25) {
  const category = await makeCategory();
  return { ...(await makeProduct({ categoryId: category.id, price })), price };
}

type ProductRow = Awaited<ReturnType<typeof makeOrderedProduct>>;

async function makeOrder(opts: {
  buyer: string;
  products: ProductRow[];
  createdAt?: Date;
  status?: OrderStatus;
}) {
  const lines = opts.products.map((p) => ({
    productId: p.id,
    name: p.name,
    price: p.price,
    quantity: 2,
  }));
  return OrderModel.create({
    products: lines,
    payment: {
      id: `pi_test_${uniqueWord()}`,
      success: true,
      status: 'succeeded',
      amount: lines.reduce((sum, l) => sum + l.price * l.quantity * 100, 0),
      currency: 'usd',
    },
    buyer: opts.buyer,
    address: '1 Test Street',
    status: opts.status ?? 'Not Process',
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
  });
}

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('GET /api/v1/auth/orders', () => {
  it('when a user has orders, then only their own come back newest first, without photo bytes', async () => {
    const me = await createUser();
    const someoneElse = await createUser();
    const product = await makeOrderedProduct(30);
    const older = await makeOrder({ buyer: me.id, products: [product], createdAt: minutesAgo(10) });
    const newer = await makeOrder({ buyer: me.id, products: [product], createdAt: minutesAgo(1) });
    const theirs = await makeOrder({ buyer: someoneElse.id, products: [product] });

    const res = await t.http().get('/api/v1/auth/orders').set('Authorization', me.token);

    expect(res.status).toBe(200);
    const { orders } = ordersResponseSchema.parse(res.body);
    expect(orders.map((o) => o._id)).toEqual([String(newer._id), String(older._id)]);
    expect(orders.map((o) => o._id)).not.toContain(String(theirs._id));
    expect(orders[0]?.products[0]?.productId).toEqual({
      _id: product.id,
      name: product.name,
      slug: product.slug,
      description: 'A thing worth having',
      price: 30,
      photo: product.photoMeta,
    });
    expect(orders[0]?.payment).toMatchObject({ success: true, amount: 6000, currency: 'usd' });
    expectNoPhotoBytes(res.body);
    expect(JSON.stringify(res.body)).not.toContain(product.photo.toString('base64'));
  });

  it('when the orders are listed, then the buyer shows only id and name', async () => {
    const me = await createUser();
    await makeOrder({ buyer: me.id, products: [await makeOrderedProduct()] });

    const res = await t.http().get('/api/v1/auth/orders').set('Authorization', me.token);

    expect(Object.keys(res.body.orders[0].buyer).sort()).toEqual(['_id', 'name']);
    expect(res.body.orders[0].buyer._id).toBe(me.id);
  });

  it('when a product of an order was deleted, then its line has productId null and no 500', async () => {
    const me = await createUser();
    const kept = await makeOrderedProduct();
    const deleted = await makeOrderedProduct();
    await makeOrder({ buyer: me.id, products: [kept, deleted] });
    await ProductModel.deleteOne({ _id: deleted.id });

    const res = await t.http().get('/api/v1/auth/orders').set('Authorization', me.token);

    expect(res.status).toBe(200);
    const [order] = ordersResponseSchema.parse(res.body).orders;
    expect(order?.products.map((l) => l.productId?._id ?? null)).toEqual([kept.id, null]);
    expect(order?.products[1]).toMatchObject({ name: deleted.name, price: deleted.price });
  });

  it('when the user has no orders, then an empty list', async () => {
    const me = await createUser();
    const res = await t.http().get('/api/v1/auth/orders').set('Authorization', me.token);
    expect(ordersResponseSchema.parse(res.body).orders).toEqual([]);
  });

  it('when the token is sent as Bearer, then it is accepted', async () => {
    const me = await createUser();
    await t
      .http()
      .get('/api/v1/auth/orders')
      .set('Authorization', `Bearer ${me.token}`)
      .expect(200);
  });

  it.each([
    ['no token', undefined],
    ['a forged token', forgedToken()],
  ])('when the call carries %s, then 401', async (_label, token) => {
    const req = t.http().get('/api/v1/auth/orders');
    const res = await (token ? req.set('Authorization', token) : req);
    expect(res.status).toBe(401);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });
});

describe('GET /api/v1/auth/all-orders', () => {
  it('when an admin asks, then every buyer’s orders come back newest first', async () => {
    const admin = await createAdmin();
    const first = await createUser();
    const second = await createUser();
    const product = await makeOrderedProduct();
    const a = await makeOrder({ buyer: first.id, products: [product], createdAt: minutesAgo(30) });
    const b = await makeOrder({ buyer: second.id, products: [product], createdAt: minutesAgo(20) });

    const res = await t.http().get('/api/v1/auth/all-orders').set('Authorization', admin.token);

    expect(res.status).toBe(200);
    const ids = ordersResponseSchema.parse(res.body).orders.map((o) => o._id);
    expect(ids.indexOf(String(b._id))).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(String(b._id))).toBeLessThan(ids.indexOf(String(a._id)));
    expectNoPhotoBytes(res.body);
    expect(JSON.stringify(res.body)).not.toMatch(/password|@example\.com/);
  });

  it('when a normal user asks, then 403', async () => {
    const user = await createUser();
    const res = await t.http().get('/api/v1/auth/all-orders').set('Authorization', user.token);
    expect(res.status).toBe(403);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });

  it.each([
    ['no token', undefined],
    ['a forged token', forgedToken()],
  ])('when the call carries %s, then 401', async (_label, token) => {
    const req = t.http().get('/api/v1/auth/all-orders');
    const res = await (token ? req.set('Authorization', token) : req);
    expect(res.status).toBe(401);
  });
});

describe('PUT /api/v1/auth/order-status/{orderId}', () => {
  const storedStatus = async (id: unknown) => (await OrderModel.findById(id).lean())?.status;

  // Cancelling gives the money back: see payments/cancel-order.test.ts.
  it.each(ORDER_STATUSES.filter((s) => s !== 'cancel').map((s) => [s]))(
    'when an admin sets "%s", then the order carries it',
    async (status) => {
      const admin = await createAdmin();
      const user = await createUser();
      const initial = status === 'Shipped' ? 'Processing' : 'Shipped';
      const order = await makeOrder({
        buyer: user.id,
        products: [await makeOrderedProduct()],
        status: initial,
      });

      const res = await t
        .http()
        .put(`/api/v1/auth/order-status/${order._id}`)
        .set('Authorization', admin.token)
        .send({ status });

      expect(res.status).toBe(200);
      const body = orderResponseSchema.parse(res.body);
      expect(body.message).toBe('Order status updated');
      expect(body.order).toMatchObject({ _id: String(order._id), status });
      expect(body.order.buyer).toMatchObject({ _id: user.id });
      expect(await storedStatus(order._id)).toBe(status);
    },
  );

  it.each([
    ['an unknown status', { status: 'Delivered' }],
    ['an operator object', { status: { $gt: '' } }],
    ['a number', { status: 3 }],
    ['no status', {}],
  ])('when the body has %s, then 400 and nothing changes', async (_label, body) => {
    const admin = await createAdmin();
    const user = await createUser();
    const order = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });

    const res = await t
      .http()
      .put(`/api/v1/auth/order-status/${order._id}`)
      .set('Authorization', admin.token)
      .send(body);

    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(/status/);
    expect(await storedStatus(order._id)).toBe('Not Process');
  });

  it('when the JSON is malformed, then 400 and nothing changes', async () => {
    const admin = await createAdmin();
    const user = await createUser();
    const order = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });

    const res = await t
      .http()
      .put(`/api/v1/auth/order-status/${order._id}`)
      .set('Authorization', admin.token)
      .set('Content-Type', 'application/json')
      .send('{"status": "Shipped"');

    expect(res.status).toBe(400);
    expect(await storedStatus(order._id)).toBe('Not Process');
  });

  it('when an admin cancels while card payments are not configured, then 503 and nothing changes', async () => {
    const admin = await createAdmin();
    const user = await createUser();
    const product = await makeOrderedProduct();
    const order = await makeOrder({ buyer: user.id, products: [product] });
    const res = await t
      .http()
      .put(`/api/v1/auth/order-status/${order._id}`)
      .set('Authorization', admin.token)
      .send({ status: 'cancel' });
    expect(res.status).toBe(503);
    expect(errorResponseSchema.parse(res.body).message).toBe('Card payments are not configured');
    expect(await storedStatus(order._id)).toBe('Not Process');
    expect((await ProductModel.findById(product.id).lean())?.quantity).toBe(5);
  });

  it('when the id is not an ObjectId, then 400', async () => {
    const admin = await createAdmin();
    const res = await t
      .http()
      .put('/api/v1/auth/order-status/not-an-id')
      .set('Authorization', admin.token)
      .send({ status: 'Shipped' });
    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(/valid id/);
  });

  it('when no order has the id, then 404 and no order is created', async () => {
    const admin = await createAdmin();
    const before = await OrderModel.countDocuments();
    const res = await t
      .http()
      .put(`/api/v1/auth/order-status/${new mongoose.Types.ObjectId()}`)
      .set('Authorization', admin.token)
      .send({ status: 'Shipped' });
    expect(res.status).toBe(404);
    expect(errorResponseSchema.parse(res.body).message).toBe('Order not found');
    expect(await OrderModel.countDocuments()).toBe(before);
  });

  it('when a normal user tries, then 403 and nothing changes', async () => {
    const user = await createUser();
    const order = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });
    const res = await t
      .http()
      .put(`/api/v1/auth/order-status/${order._id}`)
      .set('Authorization', user.token)
      .send({ status: 'deliverd' });
    expect(res.status).toBe(403);
    expect(await storedStatus(order._id)).toBe('Not Process');
  });

  it.each([
    ['no token', undefined],
    ['a forged token', forgedToken()],
  ])('when the call carries %s, then 401 and nothing changes', async (_label, token) => {
    const user = await createUser();
    const order = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });
    const req = t.http().put(`/api/v1/auth/order-status/${order._id}`);
    const res = await (token ? req.set('Authorization', token) : req).send({ status: 'cancel' });
    expect(res.status).toBe(401);
    expect(await storedStatus(order._id)).toBe('Not Process');
  });
});
