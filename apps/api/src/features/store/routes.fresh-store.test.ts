import { createPaymentIntentResponseSchema, productResponseSchema } from '@shop/contracts';
import { createProduct } from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { storedDocument } from '../../test/raw-documents.js';

describe('a fresh shop choosing a zero-decimal currency', () => {
  test('when a shop without products chooses yen, then ¥1500 is stored, shown and charged as 1500', async ({
    api,
    admin,
    stripe,
    user,
  }) => {
    await api
      .put('/api/v1/store')
      .set('Authorization', admin.token)
      .send({ name: 'Tokyo Shop', currency: 'jpy', pricesIncludeTax: true, country: 'JP' })
      .expect(200);
    const teapot = await createProduct({ price: 1500 });

    expect(await storedDocument('products', teapot.id)).toMatchObject({ price: 1500 });
    const res = await api.get(`/api/v1/product/get-product/${teapot.slug}`).expect(200);
    expect(productResponseSchema.parse(res.body).product.price).toBe(1500);
    const intent = await api
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', user.token)
      .send({ cart: [{ _id: teapot.id, quantity: 3 }] })
      .expect(200);
    const { clientSecret, amount } = createPaymentIntentResponseSchema.parse(intent.body);
    expect(amount).toBe(4500);
    expect(stripe.get(clientSecret.split('_secret_')[0] as string)).toMatchObject({
      amount: 4500,
      currency: 'jpy',
    });
  });
});
