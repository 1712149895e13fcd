import { errorResponseSchema, orderResponseSchema, webhookResponseSchema } from '@shop/contracts';
import Stripe from 'stripe';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createLogger } from '../../lib/logger.js';
import { createProduct, placeOrderCall, startCheckout, stockOf } from '../../test/checkout.js';
import { createUser, testConfig } from '../../test/harness.js';
import { startPaymentsTestApp, TEST_WEBHOOK_SECRET } from '../../test/payments-app.js';
import { UserModel } from '../auth/model.js';
import { OrderModel } from '../orders/model.js';
import { ProductModel } from '../products/model.js';

let t: Awaited<ReturnType<typeof startPaymentsTestApp>>;
beforeAll(async () => {
  t = await startPaymentsTestApp();
});
afterAll(() => t.close());

const AUTHORIZED = 'payment_intent.amount_capturable_updated';
const SUCCEEDED = 'payment_intent.succeeded';

let eventCounter = 0;
const eventFor = (type: string, object: unknown) => {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_test_${eventCounter}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
};

const sign = (payload: string, secret = TEST_WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

const deliver = (payload: string, signature: string | null = sign(payload)) => {
  const req = t
    .http()
    .post('/api/v1/order/webhook')
    .set('Content-Type', 'application/json; charset=utf-8');
  if (signature !== null) req.set('Stripe-Signature', signature);
  return req.send(payload);
};

/** A checkout whose card was authorized, and whose buyer closed the tab before place-order. */
async function authorizedButAbandoned(stock = 4) {
  const user = await createUser();
  const product = await createProduct({ price: 10, quantity: stock });
  const { paymentIntentId } = await startCheckout(t.app, user.token, [
    { _id: product.id, quantity: 2 },
  ]);
  t.fake.confirm(paymentIntentId);
  return { user, product, paymentIntentId, intent: t.fake.get(paymentIntentId) };
}

const ordersOf = (paymentIntentId: string) =>
  OrderModel.countDocuments({ 'payment.id': paymentIntentId });

describe('webhook', () => {
  it('when a card was authorized and the buyer never came back, then the order is placed for that buyer and the card charged', async () => {
    const { user, product, paymentIntentId, intent } = await authorizedButAbandoned();
    const res = await deliver(eventFor(AUTHORIZED, intent)).expect(200);
    expect(webhookResponseSchema.parse(res.body)).toEqual({ received: true });

    const order = await OrderModel.findOne({ 'payment.id': paymentIntentId }).lean();
    const profile = await UserModel.findById(user.id).lean();
    expect(String(order?.buyer)).toBe(user.id);
    expect(order?.address).toBe(profile?.address);
    expect(order?.products).toEqual([
      expect.objectContaining({ name: product.name, price: 10, quantity: 2 }),
    ]);
    expect(await stockOf(product.id)).toBe(2);
    expect(t.fake.get(paymentIntentId).status).toBe('succeeded');
    expect(t.fake.capturesOf(paymentIntentId)).toBe(1);

    // Stripe then reports the capture; the order is found, nothing is taken or charged again.
    await deliver(eventFor(SUCCEEDED, t.fake.get(paymentIntentId))).expect(200);
    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(await stockOf(product.id)).toBe(2);
    expect(t.fake.capturesOf(paymentIntentId)).toBe(1);
  });

  it('when the event is replayed and the browser also places the order, then one order and one decrement', async () => {
    const { user, product, paymentIntentId, intent } = await authorizedButAbandoned();
    const payload = eventFor(AUTHORIZED, intent);
    const answers = await Promise.all([
      deliver(payload),
      deliver(payload),
      placeOrderCall(t.app, user.token, paymentIntentId),
    ]);
    expect(answers[0]?.status).toBe(200);
    expect(answers[1]?.status).toBe(200);
    // The browser's call places the order (201) or finds it placed by the webhook (200).
    expect([200, 201]).toContain(answers[2]?.status);
    await deliver(payload).expect(200);
    const browser = await placeOrderCall(t.app, user.token, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(browser.body).message).toBe(
      'Order already placed for this payment',
    );
    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(await stockOf(product.id)).toBe(2);
    expect(t.fake.capturesOf(paymentIntentId)).toBe(1);
  });

  it.each([
    ['a forged signature', () => sign('{"other":"payload"}')],
    ['a signature made with another secret', (p: string) => sign(p, 'whsec_not_ours')],
    ['no signature', () => null],
    ['a garbage signature', () => 't=1,v1=deadbeef'],
  ])('when the event comes with %s, then 400 and no order', async (_label, signatureOf) => {
    const { paymentIntentId, intent } = await authorizedButAbandoned();
    const payload = eventFor(AUTHORIZED, intent);
    const res = await deliver(payload, signatureOf(payload)).expect(400);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'Webhook signature verification failed',
    );
    expect(await ordersOf(paymentIntentId)).toBe(0);
  });

  it('when the signed event is of another type, then 200 and nothing placed', async () => {
    const { paymentIntentId, intent } = await authorizedButAbandoned();
    const res = await deliver(eventFor('payment_intent.created', intent)).expect(200);
    expect(webhookResponseSchema.parse(res.body)).toEqual({ received: true });
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(t.fake.get(paymentIntentId).status).toBe('requires_capture');
  });

  it.each([AUTHORIZED, SUCCEEDED])(
    'when a %s event claims what Stripe does not confirm, then nothing is placed',
    async (type) => {
      const { paymentIntentId, intent } = await authorizedButAbandoned();
      t.fake.update(paymentIntentId, { status: 'requires_payment_method' });
      await deliver(eventFor(type, { ...intent, status: 'succeeded' })).expect(200);
      expect(await ordersOf(paymentIntentId)).toBe(0);
    },
  );

  it('when stock ran out before the event arrived, then it is acknowledged, no order is placed and the authorization is cancelled', async () => {
    const { product, paymentIntentId, intent } = await authorizedButAbandoned();
    await ProductModel.updateOne({ _id: product.id }, { $set: { quantity: 1 } });
    const res = await deliver(eventFor(AUTHORIZED, intent)).expect(200);
    expect(webhookResponseSchema.parse(res.body)).toEqual({ received: true });
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(await stockOf(product.id)).toBe(1);
    expect(t.fake.get(paymentIntentId).status).toBe('canceled');
    expect(t.fake.capturesOf(paymentIntentId)).toBe(0);
  });

  it('when no webhook secret is configured, then 503', async () => {
    const app = createApp({
      config: testConfig({ STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_API_BASE: t.fake.url }),
      logger: createLogger('silent'),
    });
    const payload = eventFor('payment_intent.succeeded', { id: 'pi_123' });
    const res = await supertest(app)
      .post('/api/v1/order/webhook')
      .set('Stripe-Signature', sign(payload))
      .send(payload)
      .expect(503);
    expect(res.body).toEqual({ success: false, message: 'Card payments are not configured' });
  });
});
