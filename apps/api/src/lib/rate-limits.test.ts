import { errorResponseSchema } from '@shop/contracts';
import { createProduct, placeOrderCall, startCheckout } from '../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../test/fixtures.js';
import { createUser } from '../test/harness.js';

test.override('appEnv', { scope: 'file' }, { CHECKOUT_RATE_LIMIT: '2' });

const TOO_MANY = { success: false, message: 'Too many requests, please try again in 15 minutes' };

describe('checkout limits per user', () => {
  test('when a user asks for more payment intents than allowed, then 429 for them only', async ({
    api,
    app,
  }) => {
    const product = await createProduct({ quantity: 20 });
    const buyer = await createUser();
    await startCheckout(app.app, buyer.token, [{ _id: product.id }]);
    await startCheckout(app.app, buyer.token, [{ _id: product.id }]);

    const refused = await api
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', `Bearer ${buyer.token}`)
      .send({ cart: [{ _id: product.id }] })
      .expect(429);

    expect(errorResponseSchema.parse(refused.body)).toEqual(TOO_MANY);
    const other = await createUser();
    await startCheckout(app.app, other.token, [{ _id: product.id }]);
  });

  test('when a user calls place-order more often than allowed, then 429', async ({
    app,
    stripe,
  }) => {
    const product = await createProduct({ quantity: 20 });
    const buyer = await createUser();
    const { paymentIntentId } = await startCheckout(app.app, buyer.token, [{ _id: product.id }]);
    stripe.confirm(paymentIntentId);
    await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(201);
    await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(200);

    const refused = await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(429);

    expect(errorResponseSchema.parse(refused.body)).toEqual(TOO_MANY);
  });
});
