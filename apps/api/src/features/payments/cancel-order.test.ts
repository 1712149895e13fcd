import {
  errorResponseSchema,
  type OrderStatus,
  orderResponseSchema,
  ordersResponseSchema,
} from '@shop/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, placeOrderCall, startCheckout, stockOf } from '../../test/checkout.js';
import { createAdmin, createUser } from '../../test/harness.js';
import { startPaymentsTestApp } from '../../test/payments-app.js';
import { OrderModel } from '../orders/model.js';
import { ProductModel } from '../products/model.js';

let t: Awaited<ReturnType<typeof startPaymentsTestApp>>;
let adminToken: string;
beforeAll(async () => {
  t = await startPaymentsTestApp();
  adminToken = (await createAdmin()).token;
});
afterEach(() => t.fake.heal());
afterAll(() => t.close());

/** A placed and captured order of 2 lamps (stock 5 → 3). */
async function placed() {
  const user = await createUser();
  const lamp = await createProduct({ price: 15, quantity: 5 });
  const { paymentIntentId, amount } = await startCheckout(t.app, user.token, [
    { _id: lamp.id, quantity: 2 },
  ]);
  t.fake.confirm(paymentIntentId);
  const res = await placeOrderCall(t.app, user.token, paymentIntentId).expect(201);
  const orderId = orderResponseSchema.parse(res.body).order._id;
  return { user, lamp, paymentIntentId, amount, orderId };
}

const setStatus = (orderId: string, status: OrderStatus) =>
  t
    .http()
    .put(`/api/v1/auth/order-status/${orderId}`)
    .set('Authorization', adminToken)
    .send({ status });

describe('cancelling an order', () => {
  it('when an admin cancels a paid order, then it is refunded, its units return to stock, and the buyer sees it refunded', async () => {
    const { user, lamp, paymentIntentId, amount, orderId } = await placed();
    expect(await stockOf(lamp.id)).toBe(3);

    const res = await setStatus(orderId, 'cancel').expect(200);
    const { order } = orderResponseSchema.parse(res.body);
    expect(order.status).toBe('cancel');
    expect(order.payment).toMatchObject({ id: paymentIntentId, refunded: true });
    expect(await stockOf(lamp.id)).toBe(5);
    expect(t.fake.refundedOf(paymentIntentId)).toBe(amount);

    const mine = await t.http().get('/api/v1/auth/orders').set('Authorization', user.token);
    expect(ordersResponseSchema.parse(mine.body).orders[0]?.payment.refunded).toBe(true);
  });

  it('when the order is cancelled again, one after the other and several at once, then nothing changes', async () => {
    const { lamp, paymentIntentId, orderId } = await placed();
    const refundsBefore = t.fake.calls.refund;
    const burst = await Promise.all([1, 2, 3, 4].map(() => setStatus(orderId, 'cancel')));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    await setStatus(orderId, 'cancel').expect(200);
    expect(await stockOf(lamp.id)).toBe(5);
    expect(t.fake.calls.refund - refundsBefore).toBe(1);
    expect(t.fake.refundedOf(paymentIntentId)).toBeGreaterThan(0);
  });

  it('when an admin moves a cancelled order to another status, then 409 and it stays cancelled', async () => {
    const { lamp, orderId } = await placed();
    await setStatus(orderId, 'cancel').expect(200);
    const res = await setStatus(orderId, 'Shipped').expect(409);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'This order was cancelled and its payment given back; it cannot be reopened, the buyer can order again',
    );
    expect((await OrderModel.findById(orderId).lean())?.status).toBe('cancel');
    expect(await stockOf(lamp.id)).toBe(5);
  });

  it('when an order is only labelled cancel (nothing was given back), then it may be set to another status', async () => {
    const { orderId } = await placed();
    await OrderModel.updateOne({ _id: orderId }, { $set: { status: 'cancel' } });

    const res = await setStatus(orderId, 'Processing').expect(200);
    expect(orderResponseSchema.parse(res.body).order.status).toBe('Processing');
  });

  it('when Stripe is unavailable, then 502 and nothing changes; cancelling again finishes it', async () => {
    const { lamp, paymentIntentId, orderId } = await placed();
    t.fake.inject('refund', { kind: 'status', status: 500 }, 3);
    const res = await setStatus(orderId, 'cancel').expect(502);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The payment provider is unavailable, please try again',
    );
    const unchanged = await OrderModel.findById(orderId).lean();
    expect(unchanged).toMatchObject({ status: 'Not Process', payment: { refunded: false } });
    expect(await stockOf(lamp.id)).toBe(3);

    await setStatus(orderId, 'cancel').expect(200);
    expect(await stockOf(lamp.id)).toBe(5);
    expect(t.fake.refundedOf(paymentIntentId)).toBeGreaterThan(0);
  });

  it('when the order was never captured (its placement died), then the authorization is cancelled and a later place-order does not revive it', async () => {
    const user = await createUser();
    const lamp = await createProduct({ price: 15, quantity: 5 });
    const { paymentIntentId, amount } = await startCheckout(t.app, user.token, [
      { _id: lamp.id, quantity: 2 },
    ]);
    t.fake.confirm(paymentIntentId);
    // What a crash between recording the order and capturing leaves behind.
    await ProductModel.updateOne({ _id: lamp.id }, { $inc: { quantity: -2 } });
    await OrderModel.create({
      products: [{ productId: lamp.id, name: lamp.name, price: lamp.price, quantity: 2 }],
      payment: {
        id: paymentIntentId,
        success: false,
        status: 'requires_capture',
        amount,
        currency: 'usd',
      },
      buyer: user.id,
    });
    const order = await OrderModel.findOne({ 'payment.id': paymentIntentId }).lean();
    await setStatus(String(order?._id), 'cancel').expect(200);
    expect(t.fake.get(paymentIntentId).status).toBe('canceled');
    expect(t.fake.refundedOf(paymentIntentId)).toBe(0);
    expect(await stockOf(lamp.id)).toBe(5);

    const replay = await placeOrderCall(t.app, user.token, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(replay.body).order.status).toBe('cancel');
    expect(t.fake.capturesOf(paymentIntentId)).toBe(0);
  });
});
