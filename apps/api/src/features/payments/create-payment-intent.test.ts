import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createPaymentIntentResponseSchema,
  errorResponseSchema,
  stripeConfigResponseSchema,
} from '@shop/contracts';
import mongoose from 'mongoose';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createLogger } from '../../lib/logger.js';
import { createProduct, stockOf } from '../../test/checkout.js';
import { createUser, forgedToken, testConfig } from '../../test/harness.js';
import { startPaymentsTestApp } from '../../test/payments-app.js';

let t: Awaited<ReturnType<typeof startPaymentsTestApp>>;
beforeAll(async () => {
  t = await startPaymentsTestApp();
});
afterAll(() => t.close());

const createIntent = (token: string, body: unknown) =>
  t
    .http()
    .post('/api/v1/order/create-payment-intent')
    .set('Authorization', token)
    .send(body as object);

describe('config', () => {
  it('when keys are configured, then the publishable key and the currency are served', async () => {
    const res = await t.http().get('/api/v1/order/config').expect(200);
    expect(stripeConfigResponseSchema.parse(res.body)).toEqual({
      publishableKey: 'pk_test_fake',
      currency: 'usd',
    });
  });

  it('when no keys are configured, then the publishable key is null and payments answer 503', async () => {
    const bare = createApp({ config: testConfig(), logger: createLogger('silent') });
    const res = await supertest(bare).get('/api/v1/order/config').expect(200);
    expect(stripeConfigResponseSchema.parse(res.body)).toEqual({
      publishableKey: null,
      currency: 'usd',
    });

    const user = await createUser();
    const product = await createProduct();
    for (const [path, body] of [
      ['/api/v1/order/create-payment-intent', { cart: [{ _id: product.id }] }],
      ['/api/v1/order/place-order', { payment: { id: 'pi_123', status: 'succeeded' } }],
    ] as const) {
      const answer = await supertest(bare)
        .post(path)
        .set('Authorization', user.token)
        .send(body)
        .expect(503);
      expect(answer.body).toEqual({ success: false, message: 'Card payments are not configured' });
    }
  });
});

describe('create-payment-intent', () => {
  it('when the cart carries tampered prices, then the amount comes from database prices and quantities', async () => {
    const user = await createUser();
    const lamp = await createProduct({ price: 19.99, quantity: 10 });
    const desk = await createProduct({ price: 120, quantity: 10 });
    const cart = [
      { _id: lamp.id, name: 'Lamp', price: 0.01 },
      { _id: desk.id, price: 0.01, quantity: 2 },
      { _id: lamp.id, price: 0.01 },
    ];
    const res = await createIntent(`Bearer ${user.token}`, { cart }).expect(200);
    const { amount, clientSecret } = createPaymentIntentResponseSchema.parse(res.body);
    // 2 lamps (a duplicate entry is one more unit) at 19.99 and 2 desks at 120.
    expect(amount).toBe(1999 * 2 + 12000 * 2);

    const intentId = clientSecret.split('_secret_')[0] as string;
    const intent = t.fake.get(intentId);
    expect(intent).toMatchObject({ amount, currency: 'usd' });
    expect(intent.metadata).toEqual({ buyer: user.id, cart_0: `${lamp.id}:2,${desk.id}:2` });
    // Authorized only: the card is charged once the order exists.
    expect(t.fake.createParamsOf(intentId)).toMatchObject({
      'automatic_payment_methods[enabled]': 'true',
      capture_method: 'manual',
    });
    expect(await stockOf(lamp.id)).toBe(10);
  });

  it('when a price has fractions of a cent, then each unit is rounded to whole cents', async () => {
    const user = await createUser();
    const product = await createProduct({ price: 0.335 });
    const res = await createIntent(user.token, { cart: [{ _id: product.id, quantity: 3 }] }).expect(
      200,
    );
    expect(createPaymentIntentResponseSchema.parse(res.body).amount).toBe(34 * 3);
  });

  it('when the cart holds many distinct products, then the metadata is split in values of at most 500 characters', async () => {
    const user = await createUser();
    const products = await Promise.all(
      Array.from({ length: 40 }, () => createProduct({ price: 1 })),
    );
    const ok = await createIntent(user.token, {
      cart: products.map((p) => ({ _id: p.id })),
    }).expect(200);
    const { clientSecret, amount } = createPaymentIntentResponseSchema.parse(ok.body);
    expect(amount).toBe(40 * 100);
    const { metadata } = t.fake.get(clientSecret.split('_secret_')[0] as string);
    const parts = Object.keys(metadata).filter((key) => key.startsWith('cart_'));
    expect(parts.length).toBeGreaterThan(1);
    for (const key of parts) expect((metadata[key] as string).length).toBeLessThanOrEqual(500);
    const entries = parts.flatMap((key) => (metadata[key] as string).split(','));
    expect(entries.sort()).toEqual(products.map((p) => `${p.id}:1`).sort());
  });

  it('when a product is unknown, then 404 with a message and no PaymentIntent', async () => {
    const user = await createUser();
    const product = await createProduct();
    const unknown = new mongoose.Types.ObjectId().toString();
    const before = t.fake.calls.create;
    const res = await createIntent(user.token, {
      cart: [{ _id: product.id }, { _id: unknown }],
    }).expect(404);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      `A product in your cart no longer exists (${unknown})`,
    );
    expect(t.fake.calls.create).toBe(before);
  });

  it('when a product is out of stock or short of units, then 409 with a message and no PaymentIntent', async () => {
    const user = await createUser();
    const gone = await createProduct({ quantity: 0 });
    const few = await createProduct({ quantity: 2 });
    const before = t.fake.calls.create;

    const none = await createIntent(user.token, { cart: [{ _id: gone.id }] }).expect(409);
    expect(errorResponseSchema.parse(none.body).message).toBe(`${gone.name} is out of stock`);

    const short = await createIntent(user.token, {
      cart: [{ _id: few.id }, { _id: few.id }, { _id: few.id }],
    }).expect(409);
    expect(errorResponseSchema.parse(short.body).message).toBe(
      `Only 2 of ${few.name} left in stock`,
    );
    expect(t.fake.calls.create).toBe(before);
  });

  it.each([
    ['an empty cart', { cart: [] }, /Your cart is empty/],
    ['no cart', {}, /cart/],
    ['an operator object as id', { cart: [{ _id: { $gt: '' } }] }, /_id/],
    ['a malformed id', { cart: [{ _id: 'abc' }] }, /must be a valid id/],
    ['a zero quantity', { cart: [{ _id: '0123456789abcdef01234567', quantity: 0 }] }, /quantity/],
    ['a text quantity', { cart: [{ _id: '0123456789abcdef01234567', quantity: '2' }] }, /quantity/],
    ['a cart that is not a list', { cart: { _id: '0123456789abcdef01234567' } }, /cart/],
  ])('when the body has %s, then 400 and no PaymentIntent', async (_label, body, message) => {
    const user = await createUser();
    const before = t.fake.calls.create;
    const res = await createIntent(user.token, body).expect(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(message);
    expect(t.fake.calls.create).toBe(before);
  });

  it('when the JSON is malformed, then 400 without a stack trace', async () => {
    const user = await createUser();
    const res = await t
      .http()
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', user.token)
      .set('Content-Type', 'application/json')
      .send('{"cart": [')
      .expect(400);
    expect(res.body).toEqual({ success: false, message: 'Malformed JSON in request body' });
  });

  it('when Stripe cannot be reached, then 502 with a message and no stack trace', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const offline = createApp({
      config: testConfig({
        STRIPE_SECRET_KEY: 'sk_test_fake',
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
      }),
      logger: createLogger('silent'),
    });
    const user = await createUser();
    const product = await createProduct();
    const res = await supertest(offline)
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', user.token)
      .send({ cart: [{ _id: product.id }] })
      .expect(502);
    expect(res.body).toEqual({
      success: false,
      message: 'The payment provider is unavailable, please try again',
    });
  });

  it('when the token is missing or forged, then 401', async () => {
    const product = await createProduct();
    const body = { cart: [{ _id: product.id }] };
    await t.http().post('/api/v1/order/create-payment-intent').send(body).expect(401);
    const res = await createIntent(`Bearer ${forgedToken()}`, body).expect(401);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });
});
