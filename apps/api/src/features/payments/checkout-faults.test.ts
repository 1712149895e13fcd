import { errorResponseSchema, orderResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LockModel } from '../../lib/locks.js';
import { createProduct, placeOrderCall, startCheckout, stockOf } from '../../test/checkout.js';
import type { Fault } from '../../test/fake-stripe.js';
import { createUser } from '../../test/harness.js';
import { startPaymentsTestApp, TEST_WEBHOOK_SECRET } from '../../test/payments-app.js';
import { OrderModel } from '../orders/model.js';
import { ProductModel } from '../products/model.js';

let t: Awaited<ReturnType<typeof startPaymentsTestApp>>;
beforeAll(async () => {
  // A short Stripe timeout, so that a request Stripe never answers fails within the test.
  t = await startPaymentsTestApp({ STRIPE_TIMEOUT_MS: '1500' });
});
afterEach(() => t.fake.heal());
afterAll(() => t.close());

/** A buyer whose card is authorized for two lamps and one desk. */
async function authorized() {
  const user = await createUser();
  const lamp = await createProduct({ price: 19.99, quantity: 5 });
  const desk = await createProduct({ price: 120, quantity: 3 });
  const started = await startCheckout(t.app, user.token, [
    { _id: lamp.id, quantity: 2 },
    { _id: desk.id },
  ]);
  t.fake.confirm(started.paymentIntentId);
  return { user, lamp, desk, ...started };
}

const ordersOf = (paymentIntentId: string) =>
  OrderModel.countDocuments({ 'payment.id': paymentIntentId });
const statusOf = (paymentIntentId: string) => t.fake.get(paymentIntentId).status;

/** Nothing sold and nothing charged: the end state of every placement that failed. */
async function expectUndone(c: Awaited<ReturnType<typeof authorized>>) {
  expect(await ordersOf(c.paymentIntentId)).toBe(0);
  expect(await stockOf(c.lamp.id)).toBe(5);
  expect(await stockOf(c.desk.id)).toBe(3);
}

const deliverAuthorized = (paymentIntentId: string) => {
  const payload = JSON.stringify({
    id: `evt_faults_${paymentIntentId}`,
    object: 'event',
    type: 'payment_intent.amount_capturable_updated',
    data: { object: t.fake.get(paymentIntentId) },
  });
  return t
    .http()
    .post('/api/v1/order/webhook')
    .set('Content-Type', 'application/json')
    .set(
      'Stripe-Signature',
      Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }),
    )
    .send(payload);
};

// The SDK tries a request three times (two retries), so a fault injected 3 times is an outage.
const OUTAGE = 3;

describe('create-payment-intent when Stripe fails', () => {
  it('when Stripe answers 500 every time, then 502 and the stock untouched', async () => {
    const user = await createUser();
    const lamp = await createProduct({ quantity: 5 });
    t.fake.inject('create', { kind: 'status', status: 500 }, OUTAGE);
    const res = await t
      .http()
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ cart: [{ _id: lamp.id }] })
      .expect(502);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The payment provider is unavailable, please try again',
    );
    expect(await stockOf(lamp.id)).toBe(5);
  });
});

describe('place-order when Stripe fails', () => {
  it.each<[string, Fault]>([
    ['answers 500', { kind: 'status', status: 500 }],
    ['never answers', { kind: 'timeout' }],
    ['drops the connection', { kind: 'drop' }],
  ])(
    'when the capture %s every time, then 502, the order removed, the stock back and the authorization cancelled',
    async (_label, fault) => {
      const c = await authorized();
      t.fake.inject('capture', fault, OUTAGE);
      const res = await placeOrderCall(t.app, c.user.token, c.paymentIntentId).expect(502);
      expect(errorResponseSchema.parse(res.body).message).toBe(
        'The order could not be placed; your card was not charged',
      );
      await expectUndone(c);
      expect(statusOf(c.paymentIntentId)).toBe('canceled');
      // The SDK tried three times, with one idempotency key, and never charged the card.
      expect(t.fake.capturesOf(c.paymentIntentId)).toBe(OUTAGE);
    },
    20_000,
  );

  it('when the capture went through but its answer was lost once, then the retry gets Stripe’s answer again: exactly one order, captured once', async () => {
    const c = await authorized();
    const capturesBefore = t.fake.calls.capture;
    t.fake.inject('capture', { kind: 'drop', afterDoing: true });
    const res = await placeOrderCall(t.app, c.user.token, c.paymentIntentId).expect(201);
    expect(orderResponseSchema.parse(res.body).order.payment).toMatchObject({
      success: true,
      status: 'succeeded',
    });
    expect(t.fake.capturesOf(c.paymentIntentId)).toBe(2);
    expect(t.fake.calls.capture - capturesBefore).toBe(1);
    expect(await ordersOf(c.paymentIntentId)).toBe(1);
    expect(await stockOf(c.lamp.id)).toBe(3);
  });

  it('when the capture went through but every answer was lost, then no order and the payment refunded', async () => {
    const c = await authorized();
    t.fake.inject('capture', { kind: 'drop', afterDoing: true }, OUTAGE);
    const res = await placeOrderCall(t.app, c.user.token, c.paymentIntentId).expect(502);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The order could not be placed; your payment was refunded',
    );
    await expectUndone(c);
    expect(t.fake.refundedOf(c.paymentIntentId)).toBe(c.amount);

    // Stripe then reports the capture; the refunded payment does not become an order.
    expect(statusOf(c.paymentIntentId)).toBe('succeeded');
    await deliverAuthorized(c.paymentIntentId).expect(200);
    await placeOrderCall(t.app, c.user.token, c.paymentIntentId).expect(402);
    await expectUndone(c);
  });

  it('when Stripe cannot be reached to check the payment, then 502 and nothing changes; a retry places one order', async () => {
    const c = await authorized();
    t.fake.inject('retrieve', { kind: 'status', status: 503 }, OUTAGE);
    const res = await placeOrderCall(t.app, c.user.token, c.paymentIntentId).expect(502);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The payment provider is unavailable, please try again',
    );
    await expectUndone(c);
    expect(statusOf(c.paymentIntentId)).toBe('requires_capture');

    await placeOrderCall(t.app, c.user.token, c.paymentIntentId).expect(201);
    expect(await ordersOf(c.paymentIntentId)).toBe(1);
    expect(await stockOf(c.lamp.id)).toBe(3);
    expect(statusOf(c.paymentIntentId)).toBe('succeeded');
  });

  it('when the capture is slow and the webhook arrives meanwhile, then the webhook waits and exactly one order is captured', async () => {
    const c = await authorized();
    t.fake.inject('capture', { kind: 'delay', ms: 800 });
    const [browser, webhook] = await Promise.all([
      placeOrderCall(t.app, c.user.token, c.paymentIntentId),
      // Sent once the placement holds the payment's lock.
      waitForLock(`payment:${c.paymentIntentId}`).then(() => deliverAuthorized(c.paymentIntentId)),
    ]);
    expect(browser.status).toBe(201);
    expect(webhook.status).toBe(200);
    expect(await ordersOf(c.paymentIntentId)).toBe(1);
    expect(t.fake.capturesOf(c.paymentIntentId)).toBe(1);
    expect(await stockOf(c.desk.id)).toBe(2);
  });

  it('when stock ran out and Stripe cannot cancel the authorization, then 409 without claiming it was released, and the other lines back', async () => {
    const c = await authorized();
    await ProductModel.updateOne({ _id: c.desk.id }, { $set: { quantity: 0 } });
    t.fake.inject('cancel', { kind: 'status', status: 500 }, OUTAGE);
    const res = await placeOrderCall(t.app, c.user.token, c.paymentIntentId).expect(409);
    expect(errorResponseSchema.parse(res.body).message).toBe(`${c.desk.name} is out of stock`);
    expect(await ordersOf(c.paymentIntentId)).toBe(0);
    expect(await stockOf(c.lamp.id)).toBe(5);
    // Not charged: an authorization that is never captured lapses.
    expect(statusOf(c.paymentIntentId)).toBe('requires_capture');
  });
});

describe('place-order when the database fails', () => {
  it('when a stock write throws, then 500, the lines taken given back, no order and the authorization cancelled', async () => {
    const c = await authorized();
    // A stock count the database cannot add to: the desk's decrement fails for real.
    await ProductModel.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(c.desk.id) },
      { $set: { quantity: 'three' } },
    );
    const res = await placeOrderCall(t.app, c.user.token, c.paymentIntentId).expect(500);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The order could not be placed; your card was not charged',
    );
    expect(await ordersOf(c.paymentIntentId)).toBe(0);
    expect(await stockOf(c.lamp.id)).toBe(5);
    expect(statusOf(c.paymentIntentId)).toBe('canceled');
  });

  it('when a product’s stock lock is busy, then place-order and the webhook answer 503, give back what they took and release the card', async () => {
    const browser = await authorized();
    const abandoned = await authorized();
    // Held by a process that keeps renewing it (never released within the wait).
    for (const c of [browser, abandoned]) {
      await LockModel.create({
        _id: `stock:${c.desk.id}`,
        owner: 'another process',
        expiresAt: new Date(Date.now() + 60_000),
      });
    }
    const [placed, delivered] = await Promise.all([
      placeOrderCall(t.app, browser.user.token, browser.paymentIntentId),
      deliverAuthorized(abandoned.paymentIntentId),
    ]);
    expect(placed.status).toBe(503);
    expect(errorResponseSchema.parse(placed.body).message).toBe(
      'The order could not be placed; your card was not charged',
    );
    // Not 2xx, so that Stripe delivers the event again.
    expect(delivered.status).toBe(503);
    for (const c of [browser, abandoned]) {
      await expectUndone(c);
      expect(statusOf(c.paymentIntentId)).toBe('canceled');
    }
  }, 40_000);
});

describe('the webhook when it cannot finish', () => {
  it('when Stripe is unavailable, then 502 so that Stripe retries, and the retry places the order', async () => {
    const c = await authorized();
    t.fake.inject('retrieve', { kind: 'status', status: 500 }, OUTAGE);
    await deliverAuthorized(c.paymentIntentId).expect(502);
    await expectUndone(c);
    await deliverAuthorized(c.paymentIntentId).expect(200);
    expect(await ordersOf(c.paymentIntentId)).toBe(1);
    expect(statusOf(c.paymentIntentId)).toBe('succeeded');
  });

  it('when another placement holds the payment’s lock past the wait, then 503', async () => {
    const c = await authorized();
    await LockModel.create({
      _id: `payment:${c.paymentIntentId}`,
      owner: 'another process',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await deliverAuthorized(c.paymentIntentId).expect(503);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'This payment is being processed, please try again in a moment',
    );
    await expectUndone(c);
    expect(statusOf(c.paymentIntentId)).toBe('requires_capture');
  }, 40_000);
});

async function waitForLock(key: string) {
  while (!(await LockModel.exists({ _id: key }))) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}
