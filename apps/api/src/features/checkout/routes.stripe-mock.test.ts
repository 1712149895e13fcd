import { createPaymentIntentResponseSchema, errorResponseSchema } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, placeOrderCall } from '../../test/checkout.js';
import { createUser, startTestApp } from '../../test/harness.js';
import { startStripeMock } from '../../test/stripe-mock.js';
import { countOrders } from '../orders/repository/reads.js';

// stripe-mock checks every request against Stripe's published OpenAPI spec, so these
// tests prove the calls the shop makes are ones the real API accepts; its answers are
// canned fixtures, which is why the other payment tests use the fake in src/test.
let mock: Awaited<ReturnType<typeof startStripeMock>>;
let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  mock = await startStripeMock();
  t = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_API_BASE: mock.url,
  });
});
afterAll(async () => {
  await t?.close();
  mock?.stop();
});

describe('create-payment-intent against stripe-mock', () => {
  it('when the cart is valid, then Stripe accepts the PaymentIntent to authorize (capture_method manual) and a client secret comes back', async () => {
    const user = await createUser();
    const product = await createProduct({ price: 12.5 });
    const res = await t
      .http()
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', `Bearer ${user.token}`)
      .send({ cart: [{ _id: product.id, quantity: 2 }] })
      .expect(200);
    const body = createPaymentIntentResponseSchema.parse(res.body);
    expect(body.amount).toBe(2500);
    expect(body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
  });

  it('when the cart spans several metadata values, then Stripe still accepts the request', async () => {
    const user = await createUser();
    const products = await Promise.all(Array.from({ length: 40 }, () => createProduct()));
    const res = await t
      .http()
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', user.token)
      .send({ cart: products.map((p) => ({ _id: p.id })) })
      .expect(200);
    expect(createPaymentIntentResponseSchema.parse(res.body).amount).toBe(40 * 2500);
  });
});

describe('place-order against stripe-mock', () => {
  it('when Stripe answers with an intent the shop did not make, then the order is refused', async () => {
    const user = await createUser();
    // stripe-mock answers any id with its fixture: not succeeded, and no checkout of the shop.
    const res = await placeOrderCall(t.app, user.token, 'pi_fixture123');
    expect(res.status).toBe(400);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'This payment was not made by a checkout of this shop',
    );
    expect(await countOrders({ paymentId: 'pi_fixture123' })).toBe(0);
  });
});
