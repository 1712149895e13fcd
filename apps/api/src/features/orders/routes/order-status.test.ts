import { errorResponseSchema, ORDER_STATUSES, orderResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../../../test/fixtures.js';
import { forgedToken, unknownId, withToken } from '../../../test/harness.js';
import { makeOrder, makeOrderedProduct } from '../../../test/orders.js';
import { ProductModel } from '../../products/model.js';
import { OrderModel } from '../model.js';

describe('PUT /api/v1/auth/order-status/{orderId}', () => {
  const storedStatus = async (id: unknown) => (await OrderModel.findById(id).lean())?.status;

  // Cancelling gives the money back: see payments/cancel-order.test.ts.
  test.for(ORDER_STATUSES.filter((s) => s !== 'cancel').map((s) => [s]))(
    'when an admin sets "%s", then the order carries it',
    async ([status], { api, admin, user }) => {
      const initial = status === 'Shipped' ? 'Processing' : 'Shipped';
      const order = await makeOrder({
        buyer: user.id,
        products: [await makeOrderedProduct()],
        status: initial,
      });

      const res = await api
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

  test.for([
    ['an unknown status', { status: 'Delivered' }],
    ['an operator object', { status: { $gt: '' } }],
    ['a number', { status: 3 }],
    ['no status', {}],
  ] as const)(
    'when the body has %s, then 400 and nothing changes',
    async ([_label, body], { api, admin, user }) => {
      const order = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });

      const res = await api
        .put(`/api/v1/auth/order-status/${order._id}`)
        .set('Authorization', admin.token)
        .send(body);

      expect(res.status).toBe(400);
      expect(errorResponseSchema.parse(res.body).message).toMatch(/status/);
      expect(await storedStatus(order._id)).toBe('Not Process');
    },
  );

  test('when the JSON is malformed, then 400 and nothing changes', async ({ api, admin, user }) => {
    const order = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });

    const res = await api
      .put(`/api/v1/auth/order-status/${order._id}`)
      .set('Authorization', admin.token)
      .set('Content-Type', 'application/json')
      .send('{"status": "Shipped"');

    expect(res.status).toBe(400);
    expect(await storedStatus(order._id)).toBe('Not Process');
  });

  test('when an admin cancels while card payments are not configured, then 503 and nothing changes', async ({
    api,
    admin,
    user,
  }) => {
    const product = await makeOrderedProduct();
    const order = await makeOrder({ buyer: user.id, products: [product] });
    const res = await api
      .put(`/api/v1/auth/order-status/${order._id}`)
      .set('Authorization', admin.token)
      .send({ status: 'cancel' });
    expect(res.status).toBe(503);
    expect(errorResponseSchema.parse(res.body).message).toBe('Card payments are not configured');
    expect(await storedStatus(order._id)).toBe('Not Process');
    expect((await ProductModel.findById(product.id).lean())?.quantity).toBe(5);
  });

  test('when the id is not an ObjectId, then 400', async ({ api, admin }) => {
    const res = await api
      .put('/api/v1/auth/order-status/not-an-id')
      .set('Authorization', admin.token)
      .send({ status: 'Shipped' });
    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(/valid id/);
  });

  test('when no order has the id, then 404 and no order is created', async ({ api, admin }) => {
    const before = await OrderModel.countDocuments();
    const res = await api
      .put(`/api/v1/auth/order-status/${unknownId()}`)
      .set('Authorization', admin.token)
      .send({ status: 'Shipped' });
    expect(res.status).toBe(404);
    expect(errorResponseSchema.parse(res.body).message).toBe('Order not found');
    expect(await OrderModel.countDocuments()).toBe(before);
  });

  test('when a normal user tries, then 403 and nothing changes', async ({ api, user }) => {
    const order = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });
    const res = await api
      .put(`/api/v1/auth/order-status/${order._id}`)
      .set('Authorization', user.token)
      .send({ status: 'deliverd' });
    expect(res.status).toBe(403);
    expect(await storedStatus(order._id)).toBe('Not Process');
  });

  test.for([
    ['no token', undefined],
    ['a forged token', forgedToken()],
  ] as const)(
    'when the call carries %s, then 401 and nothing changes',
    async ([_label, token], { api, user }) => {
      const order = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });
      const req = api.put(`/api/v1/auth/order-status/${order._id}`);
      const res = await withToken(req, token).send({ status: 'cancel' });
      expect(res.status).toBe(401);
      expect(await storedStatus(order._id)).toBe('Not Process');
    },
  );
});
