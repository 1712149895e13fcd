import { stripeConfigResponseSchema } from '@shop/contracts';
import { createProduct } from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { appConfiguredWith } from '../../test/harness.js';

describe('GET /api/v1/order/config', () => {
  test('when keys are configured, then the publishable key and the currency are served', async ({
    api,
  }) => {
    const res = await api.get('/api/v1/order/config').expect(200);
    expect(stripeConfigResponseSchema.parse(res.body)).toEqual({
      publishableKey: 'pk_test_fake',
      currency: 'usd',
    });
  });

  test('when no keys are configured, then the publishable key is null and payments answer 503', async ({
    user,
  }) => {
    const bare = appConfiguredWith();
    const res = await bare.get('/api/v1/order/config').expect(200);
    expect(stripeConfigResponseSchema.parse(res.body)).toEqual({
      publishableKey: null,
      currency: 'usd',
    });
    const product = await createProduct();
    for (const [path, body] of [
      ['/api/v1/order/create-payment-intent', { cart: [{ _id: product.id }] }],
      ['/api/v1/order/place-order', { payment: { id: 'pi_123', status: 'succeeded' } }],
    ] as const) {
      const answer = await bare.post(path).set('Authorization', user.token).send(body).expect(503);
      expect(answer.body).toEqual({ success: false, message: 'Card payments are not configured' });
    }
  });
});
