import { errorResponseSchema } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, placeOrderCall, startCheckout } from '../test/checkout.js';
import { createUser } from '../test/harness.js';
import { startPaymentsTestApp } from '../test/payments-app.js';

let t: Awaited<ReturnType<typeof startPaymentsTestApp>>;
beforeAll(async () => {
  t = await startPaymentsTestApp({ CHECKOUT_RATE_LIMIT: '2' });
});
afterAll(() => t.close());

const TOO_MANY = { success: false, message: 'Too many requests, please try again in 15 minutes' };

describe('checkout limits per user', () => {
  it('when a user asks for more payment intents than allowed, then 429 for them only', async () => {
    const product = await createProduct({ quantity: 20 });
    const buyer = await createUser();
    await startCheckout(t.app, buyer.token, [{ _id: product.id }]);
    await startCheckout(t.app, buyer.token, [{ _id: product.id }]);

    const refused = await t
      .http()
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ cart: [{ _id: product.id }] })
      .expect(429);

    expect(errorResponseSchema.parse(refused.body)).toEqual(TOO_MANY);
    const other = await createUser();
    await startCheckout(t.app, other.token, [{ _id: product.id }]);
  });

  it('when a user calls place-order more often than allowed, then 429', async () => {
    const product = await createProduct({ quantity: 20 });
    const buyer = await createUser();
    const { paymentIntentId } = await startCheckout(t.app, buyer.token, [{ _id: product.id }]);
    t.fake.confirm(paymentIntentId);
    await placeOrderCall(t.app, buyer.token, paymentIntentId).expect(201);
    await placeOrderCall(t.app, buyer.token, paymentIntentId).expect(200);

    const refused = await placeOrderCall(t.app, buyer.token, paymentIntentId).expect(429);

    expect(errorResponseSchema.parse(refused.body)).toEqual(TOO_MANY);
  });
});
