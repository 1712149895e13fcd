import { errorResponseSchema, orderResponseSchema } from '@shop/contracts';
import { AppError } from '../../lib/errors.js';
import { lockHolder, withLock } from '../../lib/locks.js';
import {
  availableOf,
  createProduct,
  deliverAuthorized,
  ordersOf,
  placeOrderCall,
  stockOf,
} from '../../test/checkout.js';
import type { Fault } from '../../test/fake-stripe.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';
import { refuseOrderInserts } from '../../test/raw-documents.js';

// A short Stripe timeout, so that a request Stripe never answers fails within the test.
test.override('appEnv', { scope: 'file' }, { STRIPE_TIMEOUT_MS: '1500' });
test.afterEach(({ stripe }) => stripe.heal());

/** Nothing sold and nothing charged: the end state of every placement that failed. */
async function expectUndone(c: {
  paymentIntentId: string;
  lamp: { id: string };
  desk: { id: string };
}) {
  expect(await ordersOf(c.paymentIntentId)).toBe(0);
  expect(await stockOf(c.lamp.id)).toBe(5);
  expect(await stockOf(c.desk.id)).toBe(3);
}

// The SDK tries a request three times (two retries), so a fault injected 3 times is an outage.
const OUTAGE = 3;

describe('create-payment-intent when Stripe fails', () => {
  test('when Stripe answers 500 every time, then 502 and the stock untouched', async ({
    api,
    stripe,
  }) => {
    const user = await createUser();
    const lamp = await createProduct({ quantity: 5 });
    stripe.inject('create', { kind: 'status', status: 500 }, OUTAGE);
    const res = await api
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

const captureFaults: [string, Fault][] = [
  ['answers 500', { kind: 'status', status: 500 }],
  ['never answers', { kind: 'timeout' }],
  ['drops the connection', { kind: 'drop' }],
];

describe('place-order when Stripe fails', () => {
  test.for(captureFaults)(
    'when the capture %s every time, then 502, the order removed, the stock back and the authorization cancelled',
    { timeout: 20_000 },
    async ([, fault], { app, stripe, checkout }) => {
      const c = await checkout();
      stripe.inject('capture', fault, OUTAGE);
      const res = await placeOrderCall(app.app, c.user.token, c.paymentIntentId).expect(502);
      expect(errorResponseSchema.parse(res.body).message).toBe(
        'The order could not be placed; your card was not charged',
      );
      await expectUndone(c);
      expect(stripe.get(c.paymentIntentId).status).toBe('canceled');
      // The SDK tried three times, with one idempotency key, and never charged the card.
      expect(stripe.capturesOf(c.paymentIntentId)).toBe(OUTAGE);
    },
  );

  test('when the capture went through but its answer was lost once, then the retry gets Stripe’s answer again: exactly one order, captured once', async ({
    app,
    stripe,
    checkout,
  }) => {
    const c = await checkout();
    const capturesBefore = stripe.calls.capture;
    stripe.inject('capture', { kind: 'drop', afterDoing: true });
    const res = await placeOrderCall(app.app, c.user.token, c.paymentIntentId).expect(201);
    expect(orderResponseSchema.parse(res.body).order.payment).toMatchObject({
      success: true,
      status: 'succeeded',
    });
    expect(stripe.capturesOf(c.paymentIntentId)).toBe(2);
    expect(stripe.calls.capture - capturesBefore).toBe(1);
    expect(await ordersOf(c.paymentIntentId)).toBe(1);
    expect(await stockOf(c.lamp.id)).toBe(3);
  });

  test('when the capture went through but every answer was lost, then no order and the payment refunded', async ({
    api,
    app,
    stripe,
    checkout,
  }) => {
    const c = await checkout();
    stripe.inject('capture', { kind: 'drop', afterDoing: true }, OUTAGE);
    const res = await placeOrderCall(app.app, c.user.token, c.paymentIntentId).expect(502);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The order could not be placed; your payment was refunded',
    );
    await expectUndone(c);
    expect(stripe.refundedOf(c.paymentIntentId)).toBe(c.amount);

    // Stripe then reports the capture; the refunded payment does not become an order.
    expect(stripe.get(c.paymentIntentId).status).toBe('succeeded');
    await deliverAuthorized(api, stripe, c.paymentIntentId).expect(200);
    await placeOrderCall(app.app, c.user.token, c.paymentIntentId).expect(402);
    await expectUndone(c);
  });

  test('when Stripe cannot be reached to check the payment, then 502 and nothing changes; a retry places one order', async ({
    app,
    stripe,
    checkout,
  }) => {
    const c = await checkout();
    stripe.inject('retrieve', { kind: 'status', status: 503 }, OUTAGE);
    const res = await placeOrderCall(app.app, c.user.token, c.paymentIntentId).expect(502);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The payment provider is unavailable, please try again',
    );
    await expectUndone(c);
    expect(stripe.get(c.paymentIntentId).status).toBe('requires_capture');

    await placeOrderCall(app.app, c.user.token, c.paymentIntentId).expect(201);
    expect(await ordersOf(c.paymentIntentId)).toBe(1);
    expect(await stockOf(c.lamp.id)).toBe(3);
    expect(stripe.get(c.paymentIntentId).status).toBe('succeeded');
  });

  test('when the capture is slow and the webhook arrives meanwhile, then the webhook waits and exactly one order is captured', async ({
    api,
    app,
    stripe,
    checkout,
  }) => {
    const c = await checkout();
    stripe.inject('capture', { kind: 'delay', ms: 800 });
    const [browser, webhook] = await Promise.all([
      placeOrderCall(app.app, c.user.token, c.paymentIntentId),
      // Sent once the placement holds the payment's lock.
      waitForLock(`payment:${c.paymentIntentId}`).then(() =>
        deliverAuthorized(api, stripe, c.paymentIntentId),
      ),
    ]);
    expect(browser.status).toBe(201);
    expect(webhook.status).toBe(200);
    expect(await ordersOf(c.paymentIntentId)).toBe(1);
    expect(stripe.capturesOf(c.paymentIntentId)).toBe(1);
    expect(await stockOf(c.desk.id)).toBe(2);
  });

  test('when the payment does not match the cart and Stripe cannot cancel the authorization, then 409 without claiming it was released, and the units back on sale', async ({
    app,
    stripe,
    checkout,
  }) => {
    const c = await checkout();
    stripe.update(c.paymentIntentId, { amount: 1 });
    stripe.inject('cancel', { kind: 'status', status: 500 }, OUTAGE);
    const res = await placeOrderCall(app.app, c.user.token, c.paymentIntentId).expect(409);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The payment does not match the price of the cart; the order was not placed',
    );
    expect(await ordersOf(c.paymentIntentId)).toBe(0);
    expect(await availableOf(c.lamp.id)).toBe(5);
    expect(await availableOf(c.desk.id)).toBe(3);
    // Not charged: an authorization that is never captured lapses.
    expect(stripe.get(c.paymentIntentId).status).toBe('requires_capture');
  });
});

describe('place-order when the database fails', () => {
  test('when the order cannot be recorded, then 500, the units back on sale, no order and the authorization cancelled', async ({
    app,
    stripe,
    checkout,
  }) => {
    const c = await checkout();
    const database = refuseOrderInserts();
    const res = await placeOrderCall(app.app, c.user.token, c.paymentIntentId);
    database.restore();
    expect(res.status).toBe(500);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The order could not be placed; your card was not charged',
    );
    expect(await ordersOf(c.paymentIntentId)).toBe(0);
    expect(await availableOf(c.lamp.id)).toBe(5);
    expect(await availableOf(c.desk.id)).toBe(3);
    expect(stripe.get(c.paymentIntentId).status).toBe('canceled');
  });
});

describe('the webhook when it cannot finish', () => {
  test('when Stripe is unavailable, then 502 so that Stripe retries, and the retry places the order', async ({
    api,
    stripe,
    checkout,
  }) => {
    const c = await checkout();
    stripe.inject('retrieve', { kind: 'status', status: 500 }, OUTAGE);
    await deliverAuthorized(api, stripe, c.paymentIntentId).expect(502);
    await expectUndone(c);
    await deliverAuthorized(api, stripe, c.paymentIntentId).expect(200);
    expect(await ordersOf(c.paymentIntentId)).toBe(1);
    expect(stripe.get(c.paymentIntentId).status).toBe('succeeded');
  });

  test('when another placement holds the payment’s lock past the wait, then 503', async ({
    api,
    stripe,
    checkout,
  }) => {
    const c = await checkout();
    let release: () => void = () => {};
    const holding = withLock(
      `payment:${c.paymentIntentId}`,
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      { waitMs: 0, busy: () => new AppError(503, 'busy') },
    );
    await waitForLock(`payment:${c.paymentIntentId}`);
    const res = await deliverAuthorized(api, stripe, c.paymentIntentId).expect(503);
    release();
    await holding;
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'This payment is being processed, please try again in a moment',
    );
    await expectUndone(c);
    expect(stripe.get(c.paymentIntentId).status).toBe('requires_capture');
  }, 40_000);
});

async function waitForLock(key: string) {
  while ((await lockHolder(key)) === null) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}
