import { errorResponseSchema, orderResponseSchema, webhookResponseSchema } from '@shop/contracts';
import Stripe from 'stripe';
import {
  createProduct,
  expireAndSweepCheckouts,
  ordersOf,
  placeOrderCall,
  stockOf,
} from '../../test/checkout.js';
import { type Api, checkoutTest, describe, expect } from '../../test/fixtures.js';
import { appConfiguredWith } from '../../test/harness.js';
import { inStoreCurrency } from '../../test/money.js';
import { TEST_WEBHOOK_SECRET } from '../../test/payments-app.js';
import { findUser } from '../auth/repository.js';
import { countOrders, findOrderOfPayment } from '../orders/repository/reads.js';

const test = checkoutTest.extend(
  'authorizedButAbandoned',
  async ({ stripe, checkoutOf }) =>
    /** A checkout whose card was authorized, and whose buyer closed the tab before place-order. */
    async (stock = 4) => {
      const product = await createProduct({ price: 10, quantity: stock });
      const { user, paymentIntentId } = await checkoutOf([{ _id: product.id, quantity: 2 }]);
      return { user, product, paymentIntentId, intent: stripe.get(paymentIntentId) };
    },
);

const AUTHORIZED = 'payment_intent.amount_capturable_updated';
const SUCCEEDED = 'payment_intent.succeeded';

let eventCounter = 0;
/** A Stripe event of `type` with `fields` (its `data`, as Stripe sends or as it should not). */
const eventWith = (type: string, fields: Record<string, unknown>) => {
  eventCounter += 1;
  return JSON.stringify({
    id: `evt_test_${eventCounter}`,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    ...fields,
  });
};
const eventFor = (type: string, object: unknown) => eventWith(type, { data: { object } });

const sign = (payload: string, secret = TEST_WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

const deliver = (api: Api, payload: string, signature: string | null = sign(payload)) => {
  const req = api
    .post('/api/v1/order/webhook')
    .set('Content-Type', 'application/json; charset=utf-8');
  if (signature !== null) req.set('Stripe-Signature', signature);
  return req.send(payload);
};

describe('POST /api/v1/order/webhook', () => {
  test('when a card was authorized and the buyer never came back, then the order is placed for that buyer and the card charged', async ({
    api,
    stripe,
    authorizedButAbandoned,
  }) => {
    const { user, product, paymentIntentId, intent } = await authorizedButAbandoned();
    const res = await deliver(api, eventFor(AUTHORIZED, intent)).expect(200);
    expect(webhookResponseSchema.parse(res.body)).toEqual({ received: true });

    const order = await findOrderOfPayment(paymentIntentId);
    const profile = await findUser(user.id);
    expect(order?.buyerId).toBe(user.id);
    expect(order?.address).toBe(profile?.address);
    expect(order?.lines).toEqual([
      expect.objectContaining({
        name: product.name,
        unitPrice: await inStoreCurrency(10),
        quantity: 2,
      }),
    ]);
    expect(await stockOf(product.id)).toBe(2);
    expect(stripe.get(paymentIntentId).status).toBe('succeeded');
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);

    // Stripe then reports the capture; the order is found, nothing is taken or charged again.
    await deliver(api, eventFor(SUCCEEDED, stripe.get(paymentIntentId))).expect(200);
    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(await stockOf(product.id)).toBe(2);
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
  });

  test('when the event is replayed and the browser also places the order, then one order and one decrement', async ({
    api,
    app,
    stripe,
    authorizedButAbandoned,
  }) => {
    const { user, product, paymentIntentId, intent } = await authorizedButAbandoned();
    const payload = eventFor(AUTHORIZED, intent);
    const answers = await Promise.all([
      deliver(api, payload),
      deliver(api, payload),
      placeOrderCall(app.app, user.token, paymentIntentId),
    ]);
    expect(answers[0]?.status).toBe(200);
    expect(answers[1]?.status).toBe(200);
    // The browser's call places the order (201) or finds it placed by the webhook (200).
    expect([200, 201]).toContain(answers[2]?.status);
    await deliver(api, payload).expect(200);
    const browser = await placeOrderCall(app.app, user.token, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(browser.body).message).toBe(
      'Order already placed for this payment',
    );
    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(await stockOf(product.id)).toBe(2);
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
  });

  test.for([
    ['a forged signature', () => sign('{"other":"payload"}')],
    ['a signature made with another secret', (p: string) => sign(p, 'whsec_not_ours')],
    ['no signature', () => null],
    ['a garbage signature', () => 't=1,v1=deadbeef'],
  ] as const)(
    'when the event comes with %s, then 400 and no order',
    async ([_label, signatureOf], { api, authorizedButAbandoned }) => {
      const { paymentIntentId, intent } = await authorizedButAbandoned();
      const payload = eventFor(AUTHORIZED, intent);
      const res = await deliver(api, payload, signatureOf(payload)).expect(400);
      expect(errorResponseSchema.parse(res.body).message).toBe(
        'Webhook signature verification failed',
      );
      expect(await ordersOf(paymentIntentId)).toBe(0);
    },
  );

  test.for([
    [AUTHORIZED, 'no data', () => ({})],
    [SUCCEEDED, 'no data', () => ({})],
    [AUTHORIZED, 'data that is a list', (intent: object) => ({ data: [intent] })],
    [AUTHORIZED, 'data without an object', () => ({ data: {} })],
    [
      SUCCEEDED,
      'a payment that is a string',
      (intent: { id: string }) => ({ data: { object: intent.id } }),
    ],
    [
      AUTHORIZED,
      'a payment without its id',
      ({ id: _id, ...rest }: { id: string }) => ({ data: { object: rest } }),
    ],
    [
      AUTHORIZED,
      'an empty payment id',
      (intent: object) => ({ data: { object: { ...intent, id: '' } } }),
    ],
    [
      AUTHORIZED,
      'a payment id that is a number',
      (intent: object) => ({ data: { object: { ...intent, id: 42 } } }),
    ],
    [
      SUCCEEDED,
      'a payment id that is a query',
      (intent: object) => ({ data: { object: { ...intent, id: { $ne: null } } } }),
    ],
  ] as const)(
    'when a signed %s event comes with %s, then 400 saying what it lacks, and no order and no Stripe call',
    async ([type, _label, fieldsOf], { api, stripe, authorizedButAbandoned }) => {
      const { paymentIntentId, intent } = await authorizedButAbandoned();
      const orders = await countOrders();
      const calls = { ...stripe.calls };

      const res = await deliver(api, eventWith(type, fieldsOf(intent))).expect(400);

      expect(errorResponseSchema.parse(res.body).message).toBe(
        `The event ${type} names no PaymentIntent: data.object.id must be a non-empty string`,
      );
      expect(await countOrders()).toBe(orders);
      expect(stripe.calls).toEqual(calls);
      expect(stripe.get(paymentIntentId).status).toBe('requires_capture');
    },
  );

  test.for(['null', '[]', '"payment_intent.succeeded"', '{"type":42}'])(
    'when a signed payload is no event (%s), then 400, and no order and no Stripe call',
    async (payload, { api, stripe }) => {
      const orders = await countOrders();
      const calls = { ...stripe.calls };

      const res = await deliver(api, payload).expect(400);

      expect(errorResponseSchema.parse(res.body).message).toMatch(/^Not a Stripe event: /);
      expect(await countOrders()).toBe(orders);
      expect(stripe.calls).toEqual(calls);
    },
  );

  test('when the signed event is of another type, then 200 and nothing placed', async ({
    api,
    stripe,
    authorizedButAbandoned,
  }) => {
    const { paymentIntentId, intent } = await authorizedButAbandoned();
    const res = await deliver(api, eventFor('payment_intent.created', intent)).expect(200);
    expect(webhookResponseSchema.parse(res.body)).toEqual({ received: true });
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(stripe.get(paymentIntentId).status).toBe('requires_capture');
  });

  test.for([AUTHORIZED, SUCCEEDED] as const)(
    'when a %s event claims what Stripe does not confirm, then nothing is placed',
    async (type, { api, stripe, authorizedButAbandoned }) => {
      const { paymentIntentId, intent } = await authorizedButAbandoned();
      stripe.update(paymentIntentId, { status: 'requires_payment_method' });
      await deliver(api, eventFor(type, { ...intent, status: 'succeeded' })).expect(200);
      expect(await ordersOf(paymentIntentId)).toBe(0);
    },
  );

  test('when the checkout expired before the event arrived, then the sweep placed it and the event finds its order', async ({
    api,
    app,
    stripe,
    authorizedButAbandoned,
  }) => {
    const { product, paymentIntentId, intent } = await authorizedButAbandoned();
    await expireAndSweepCheckouts(app.config);
    expect(await ordersOf(paymentIntentId)).toBe(1);
    const res = await deliver(api, eventFor(AUTHORIZED, intent)).expect(200);
    expect(webhookResponseSchema.parse(res.body)).toEqual({ received: true });
    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(await stockOf(product.id)).toBe(2);
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
  });

  test('when no webhook secret is configured, then 503', async ({ stripe }) => {
    const unsigned = appConfiguredWith({
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_API_BASE: stripe.url,
    });
    const payload = eventFor('payment_intent.succeeded', { id: 'pi_123' });
    const res = await unsigned
      .post('/api/v1/order/webhook')
      .set('Stripe-Signature', sign(payload))
      .send(payload)
      .expect(503);
    expect(res.body).toEqual({ success: false, message: 'Card payments are not configured' });
  });
});
