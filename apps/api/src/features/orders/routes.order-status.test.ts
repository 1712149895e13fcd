import {
  errorResponseSchema,
  ORDER_STATUSES,
  type OrderStatus,
  orderResponseSchema,
  ordersResponseSchema,
} from '@shop/contracts';
import { makeShirt } from '../../test/catalogue.js';
import {
  createProduct,
  leaveUncapturedOrder,
  placeOrderCall,
  stockOf,
} from '../../test/checkout.js';
import { type Api, checkoutTest, describe, expect } from '../../test/fixtures.js';
import {
  appConfiguredWith,
  createAdmin,
  notSignedIn,
  unknownId,
  withToken,
} from '../../test/harness.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { findUser } from '../auth/repository.js';
import { findProduct } from '../products/repository/reads.js';
import { setOrderStatus } from './changes.js';
import { countOrders, findStoredOrder } from './repository/reads.js';

// Cancelling gives the money back, so the app takes card payments (against a fake Stripe).
const test = checkoutTest.extend(
  'placed',
  async ({ app, checkoutOf }) =>
    /** A placed and captured order of 2 lamps (stock 5 → 3). */
    async () => {
      const lamp = await createProduct({ price: 15, quantity: 5 });
      const { user, paymentIntentId, amount } = await checkoutOf([{ _id: lamp.id, quantity: 2 }]);
      const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
      const orderId = orderResponseSchema.parse(res.body).order._id;
      return { user, lamp, paymentIntentId, amount, orderId };
    },
);
test.afterEach(({ stripe }) => stripe.heal());

const storedStatus = async (id: string) => (await findStoredOrder(id))?.status;
const setStatus = (api: Api, token: string, orderId: string, status: OrderStatus) =>
  api.put(`/api/v1/auth/order-status/${orderId}`).set('Authorization', token).send({ status });

describe('PUT /api/v1/auth/order-status/{orderId}', () => {
  test.for(ORDER_STATUSES.filter((s) => s !== 'cancel').map((s) => [s]))(
    'when an admin sets "%s", then the order carries it',
    async ([status], { api, admin, user }) => {
      const initial = status === 'Shipped' ? 'Processing' : 'Shipped';
      const orderId = await makeOrder({
        buyer: user.id,
        products: [await makeOrderedProduct()],
        status: initial,
      });

      const res = await api
        .put(`/api/v1/auth/order-status/${orderId}`)
        .set('Authorization', admin.token)
        .send({ status });

      expect(res.status).toBe(200);
      const body = orderResponseSchema.parse(res.body);
      expect(body.message).toBe('Order status updated');
      expect(body.order).toMatchObject({ _id: orderId, status });
      expect(body.order.buyer).toMatchObject({ _id: user.id });
      expect(await storedStatus(orderId)).toBe(status);
    },
  );

  test.for([
    ['an unknown status', { status: 'Delivered' }],
    ['an operator object', { status: { $gt: '' } }],
    ['a number', { status: 3 }],
    ['no status', {}],
  ] as const)(
    'when the body has %s, then 400 and nothing changes',
    async ([, body], { api, admin, user }) => {
      const orderId = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });

      const res = await api
        .put(`/api/v1/auth/order-status/${orderId}`)
        .set('Authorization', admin.token)
        .send(body);

      expect(res.status).toBe(400);
      expect(errorResponseSchema.parse(res.body).message).toMatch(/status/);
      expect(await storedStatus(orderId)).toBe('Not Process');
    },
  );

  test('when the JSON is malformed, then 400 and nothing changes', async ({ api, admin, user }) => {
    const orderId = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });

    const res = await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .set('Content-Type', 'application/json')
      .send('{"status": "Shipped"');

    expect(res.status).toBe(400);
    expect(await storedStatus(orderId)).toBe('Not Process');
  });

  test('when an admin cancels while card payments are not configured, then 503 and nothing changes', async ({
    admin,
    user,
  }) => {
    const product = await makeOrderedProduct();
    const orderId = await makeOrder({ buyer: user.id, products: [product] });
    const res = await appConfiguredWith()
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'cancel' });
    expect(res.status).toBe(503);
    expect(errorResponseSchema.parse(res.body).message).toBe('Card payments are not configured');
    expect(await storedStatus(orderId)).toBe('Not Process');
    expect(await stockOf(product.id)).toBe(5);
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
    const before = await countOrders();
    const res = await api
      .put(`/api/v1/auth/order-status/${unknownId()}`)
      .set('Authorization', admin.token)
      .send({ status: 'Shipped' });
    expect(res.status).toBe(404);
    expect(errorResponseSchema.parse(res.body).message).toBe('Order not found');
    expect(await countOrders()).toBe(before);
  });

  test('when a normal user tries, then 403 and nothing changes', async ({ api, user }) => {
    const orderId = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });
    const res = await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', user.token)
      .send({ status: 'deliverd' });
    expect(res.status).toBe(403);
    expect(await storedStatus(orderId)).toBe('Not Process');
  });

  test.for(notSignedIn())(
    'when the call carries %s, then 401 and nothing changes',
    async ([, token], { api, user }) => {
      const orderId = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct()] });
      const req = api.put(`/api/v1/auth/order-status/${orderId}`);
      const res = await withToken(req, token).send({ status: 'cancel' });
      expect(res.status).toBe(401);
      expect(await storedStatus(orderId)).toBe('Not Process');
    },
  );
});

describe('PUT /api/v1/auth/order-status/{orderId}, cancelling a paid order', () => {
  test('when an admin cancels a paid order, then it is refunded, its units return to stock, and the buyer sees it refunded', async ({
    api,
    stripe,
    admin,
    placed,
  }) => {
    const { user, lamp, paymentIntentId, amount, orderId } = await placed();
    expect(await stockOf(lamp.id)).toBe(3);

    const res = await setStatus(api, admin.token, orderId, 'cancel').expect(200);
    const { order } = orderResponseSchema.parse(res.body);
    expect(order.status).toBe('cancel');
    expect(order.payment).toMatchObject({ id: paymentIntentId, refunded: true });
    expect(await stockOf(lamp.id)).toBe(5);
    expect(stripe.refundedOf(paymentIntentId)).toBe(amount);

    const mine = await api.get('/api/v1/auth/orders').set('Authorization', user.token);
    expect(ordersResponseSchema.parse(mine.body).orders[0]?.payment.refunded).toBe(true);
  });

  test('when the order is cancelled again, one after the other and several at once, then nothing changes', async ({
    api,
    stripe,
    admin,
    placed,
  }) => {
    const { lamp, paymentIntentId, orderId } = await placed();
    const refundsBefore = stripe.calls.refund;
    const burst = await Promise.all(
      [1, 2, 3, 4].map(() => setStatus(api, admin.token, orderId, 'cancel')),
    );
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await setStatus(api, admin.token, orderId, 'cancel').expect(200);
    expect(await stockOf(lamp.id)).toBe(5);
    expect(stripe.calls.refund - refundsBefore).toBe(1);
    expect(stripe.refundedOf(paymentIntentId)).toBeGreaterThan(0);
  });

  test('when an admin moves a cancelled order to another status, then 409 and it stays cancelled', async ({
    api,
    admin,
    placed,
  }) => {
    const { lamp, orderId } = await placed();
    await setStatus(api, admin.token, orderId, 'cancel').expect(200);
    const res = await setStatus(api, admin.token, orderId, 'Shipped').expect(409);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'This order was cancelled and its payment given back; it cannot be reopened, the buyer can order again',
    );
    expect(await storedStatus(orderId)).toBe('cancel');
    expect(await stockOf(lamp.id)).toBe(5);
  });

  test('when an order is only labelled cancel (nothing was given back), then it may be set to another status', async ({
    api,
    admin,
    placed,
  }) => {
    const { orderId } = await placed();
    await setOrderStatus(orderId, 'cancel', {
      _id: admin.id,
      name: 'Admin',
      role: 'admin',
    });

    const res = await setStatus(api, admin.token, orderId, 'Processing').expect(200);
    expect(orderResponseSchema.parse(res.body).order.status).toBe('Processing');
  });

  test('when Stripe is unavailable, then 502 and nothing changes; cancelling again finishes it', async ({
    api,
    stripe,
    admin,
    placed,
  }) => {
    const { lamp, paymentIntentId, orderId } = await placed();
    stripe.inject('refund', { kind: 'status', status: 500 }, 3);
    const res = await setStatus(api, admin.token, orderId, 'cancel').expect(502);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The payment provider is unavailable, please try again',
    );
    const unchanged = await findStoredOrder(orderId);
    expect(unchanged).toMatchObject({ status: 'Not Process', payment: { refunded: false } });
    expect(await stockOf(lamp.id)).toBe(3);

    await setStatus(api, admin.token, orderId, 'cancel').expect(200);
    expect(await stockOf(lamp.id)).toBe(5);
    expect(stripe.refundedOf(paymentIntentId)).toBeGreaterThan(0);
  });

  test('when the order was never captured (its placement died), then the authorization is cancelled and a later place-order does not revive it', async ({
    api,
    app,
    stripe,
    admin,
    checkoutOf,
  }) => {
    const lamp = await createProduct({ price: 15, quantity: 5 });
    const { user, paymentIntentId } = await checkoutOf([{ _id: lamp.id, quantity: 2 }]);
    const orderId = await leaveUncapturedOrder(paymentIntentId, user);
    await setStatus(api, admin.token, orderId, 'cancel').expect(200);
    expect(stripe.get(paymentIntentId).status).toBe('canceled');
    expect(stripe.refundedOf(paymentIntentId)).toBe(0);
    expect(await stockOf(lamp.id)).toBe(5);

    const replay = await placeOrderCall(app.app, user.token, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(replay.body).order.status).toBe('cancel');
    expect(stripe.capturesOf(paymentIntentId)).toBe(0);
  });
});

describe('PUT /api/v1/auth/order-status/{orderId} of an order of variants', () => {
  test('when an admin cancels it, then the units go back to the variants bought, and no other', async ({
    app,
    api,
    admin,
    category,
    checkoutOf,
  }) => {
    const shirt = await makeShirt(category.id);
    const white = shirt.variant('M', 'White');
    const { user, paymentIntentId } = await checkoutOf([
      { _id: shirt.id, variant: white._id, quantity: 5 },
    ]);
    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    const orderId = orderResponseSchema.parse(res.body).order._id;
    expect((await findProduct(shirt.id))?.variants.find((v) => v._id === white._id)?.quantity).toBe(
      2,
    );

    await setStatus(api, admin.token, orderId, 'cancel').expect(200);
    expect(await findProduct(shirt.id)).toMatchObject({
      quantity: shirt.product.quantity,
      variants: shirt.product.variants,
    });
  });
});

describe('PUT /api/v1/auth/order-status/{orderId} and the order’s timeline', () => {
  const timelineOf = async (api: Api, token: string, number: number | undefined) => {
    const res = await api.get(`/api/v1/auth/orders/${number}`).set('Authorization', token);
    return orderResponseSchema.parse(res.body).order.timeline ?? [];
  };

  test('when a buyer places an order, an admin ships it and another cancels it, then its timeline says so, oldest first, with who and when', async ({
    api,
    admin,
    placed,
  }) => {
    const { user, orderId } = await placed();
    const other = await createAdmin();
    const [buyer, first, second] = await Promise.all(
      [user.id, admin.id, other.id].map(async (id) => (await findUser(id))?.name),
    );
    const before = Date.now();
    await setStatus(api, admin.token, orderId, 'Shipped').expect(200);
    const cancelled = await setStatus(api, other.token, orderId, 'cancel').expect(200);
    const { number, timeline } = orderResponseSchema.parse(cancelled.body).order;

    expect(timeline).toEqual([
      {
        event: 'placed',
        status: 'Not Process',
        at: expect.any(String),
        by: { _id: user.id, name: buyer, role: 'buyer' },
      },
      {
        event: 'status',
        status: 'Shipped',
        at: expect.any(String),
        by: { _id: admin.id, name: first, role: 'admin' },
      },
      {
        event: 'cancelled',
        status: 'cancel',
        at: expect.any(String),
        by: { _id: other.id, name: second, role: 'admin' },
      },
    ]);
    const times = (timeline ?? []).map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[1]).toBeGreaterThanOrEqual(before - 1000);
    // The buyer reads the same timeline on their order's page.
    expect(await timelineOf(api, user.token, number)).toEqual(timeline);
  });

  test('when admins set the status the order has already, or two set the same one at once, then one entry only', async ({
    api,
    admin,
    placed,
  }) => {
    const { orderId } = await placed();
    const other = await createAdmin();
    await Promise.all([
      setStatus(api, admin.token, orderId, 'Processing').expect(200),
      setStatus(api, other.token, orderId, 'Processing').expect(200),
    ]);
    const again = await setStatus(api, admin.token, orderId, 'Processing').expect(200);

    const timeline = orderResponseSchema.parse(again.body).order.timeline ?? [];
    expect(timeline.map((entry) => `${entry.event} ${entry.status}`)).toEqual([
      'placed Not Process',
      'status Processing',
    ]);
  });

  test('when a cancellation is refused (Stripe unavailable), then the timeline gains nothing; cancelling again adds one entry', async ({
    api,
    stripe,
    admin,
    placed,
  }) => {
    const { orderId } = await placed();
    stripe.inject('refund', { kind: 'status', status: 500 }, 3);
    await setStatus(api, admin.token, orderId, 'cancel').expect(502);
    expect((await findStoredOrder(orderId))?.timeline.map((entry) => entry.event)).toEqual([
      'placed',
    ]);

    await setStatus(api, admin.token, orderId, 'cancel').expect(200);
    await setStatus(api, admin.token, orderId, 'cancel').expect(200);
    expect((await findStoredOrder(orderId))?.timeline.map((entry) => entry.event)).toEqual([
      'placed',
      'cancelled',
    ]);
  });
});
