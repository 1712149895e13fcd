import {
  createPaymentIntentResponseSchema,
  orderResponseSchema,
  productResponseSchema,
  storeAdminSchema,
  storeSchema,
} from '@shop/contracts';
import { createProduct } from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { errorOf, notAdmins, withToken } from '../../test/harness.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { CURRENCY_DIGITS_LOCKED } from './use-cases.js';

const settings = (over: Record<string, unknown> = {}) => ({
  name: 'Corner Shop',
  currency: 'EUR',
  pricesIncludeTax: true,
  country: 'de',
  ...over,
});

describe('GET and PUT /api/v1/store', () => {
  test('when nobody has set the store, then anyone reads the first settings, in the currency STRIPE_CURRENCY names', async ({
    api,
  }) => {
    const res = await api.get('/api/v1/store').expect(200);
    expect(storeSchema.parse(res.body)).toEqual({
      name: 'Ecommerce App',
      currency: 'usd',
      pricesIncludeTax: false,
      country: 'US',
      returnWindowDays: 30,
      staffTwoFactorRequired: false,
    });
  });

  test('when someone who is no admin changes them, then it is refused', async ({ api, user }) => {
    for (const [label, token, status] of notAdmins(user)) {
      const res = await withToken(api.put('/api/v1/store'), token).send(settings());
      expect(res.status, label).toBe(status);
    }
  });

  test('when a field is wrong, then 400 names it and nothing changes', async ({ api, admin }) => {
    for (const [body, message] of [
      [settings({ currency: 'xyz' }), /^Currency must be a three-letter ISO 4217 code/],
      [settings({ currency: 'isk' }), /^Currency must be/],
      [settings({ currency: { $ne: '' } }), /^Currency must be/],
      [settings({ country: 'ZZ' }), /^Country must be a two-letter ISO 3166 code/],
      [settings({ country: 'Germany' }), /^Country must be/],
      [settings({ pricesIncludeTax: 'yes' }), /^pricesIncludeTax must be true or false/],
      [settings({ name: '  ' }), /^Store name is required/],
      [settings({ returnWindowDays: -1 }), /^returnWindowDays must be 0 or more/],
      [settings({ returnWindowDays: 366 }), /^returnWindowDays must be at most 365/],
      [settings({ returnWindowDays: 1.5 }), /^returnWindowDays must be a whole number/],
      [settings({ returnWindowDays: '30' }), /^returnWindowDays must be a number/],
      [{}, /is required|must be/],
    ] as const) {
      const res = await api.put('/api/v1/store').set('Authorization', admin.token).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body)).toMatch(message);
    }
    const res = await api.get('/api/v1/store').expect(200);
    expect(storeSchema.parse(res.body).currency).toBe('usd');
  });

  test('when an admin sets the return window, then it is kept, and a change that leaves it out keeps it', async ({
    api,
    admin,
  }) => {
    await api
      .put('/api/v1/store')
      .set('Authorization', admin.token)
      .send(settings({ returnWindowDays: 0 }))
      .expect(200);
    expect(storeSchema.parse((await api.get('/api/v1/store')).body).returnWindowDays).toBe(0);
    await api.put('/api/v1/store').set('Authorization', admin.token).send(settings()).expect(200);
    expect(storeSchema.parse((await api.get('/api/v1/store')).body).returnWindowDays).toBe(0);
    // The file's other tests read the store as the first settings leave it.
    await api
      .put('/api/v1/store')
      .set('Authorization', admin.token)
      .send(settings({ returnWindowDays: 30 }))
      .expect(200);
  });

  test('when the owner sets the support refund limit, then the owner reads it back and the public settings leave it out', async ({
    api,
    admin,
    user,
  }) => {
    await api
      .put('/api/v1/store')
      .set('Authorization', admin.token)
      .send(settings({ currency: 'usd', supportRefundLimit: 25.5 }))
      .expect(200);
    const read = await api.get('/api/v1/store/admin').set('Authorization', admin.token).expect(200);
    expect(storeAdminSchema.parse(read.body).supportRefundLimit).toBe(25.5);
    expect((await api.get('/api/v1/store')).body).not.toHaveProperty('supportRefundLimit');
    for (const [label, token, status] of notAdmins(user)) {
      const res = await withToken(api.get('/api/v1/store/admin'), token);
      expect(res.status, label).toBe(status);
    }
    // The file's other tests read the store as the first settings leave it.
    await api
      .put('/api/v1/store')
      .set('Authorization', admin.token)
      .send(settings({ supportRefundLimit: 0 }))
      .expect(200);
  });

  test('when an admin changes the currency to one with as many decimals, then prices keep their numbers, new payments are in it and orders keep theirs', async ({
    api,
    admin,
    stripe,
    user,
  }) => {
    const lamp = await createProduct({ price: 19.99 });
    const paidInUsd = await makeOrder({ buyer: user.id, products: [await makeOrderedProduct(8)] });

    const res = await api.put('/api/v1/store').set('Authorization', admin.token).send(settings());

    expect(res.status).toBe(200);
    const changed = {
      name: 'Corner Shop',
      currency: 'eur',
      pricesIncludeTax: true,
      country: 'DE',
      returnWindowDays: 30,
      staffTwoFactorRequired: false,
    };
    expect(storeSchema.parse(res.body)).toEqual(changed);
    expect((await api.get('/api/v1/store').expect(200)).body).toEqual(changed);
    expect((await api.get('/api/v1/order/config').expect(200)).body.currency).toBe('eur');
    const product = await api.get(`/api/v1/product/get-product/${lamp.slug}`).expect(200);
    expect(productResponseSchema.parse(product.body).product.price).toBe(19.99);
    const intent = await api
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', user.token)
      .send({ cart: [{ _id: lamp.id, quantity: 2 }] })
      .expect(200);
    const { clientSecret, amount } = createPaymentIntentResponseSchema.parse(intent.body);
    expect(amount).toBe(3998);
    expect(stripe.get(clientSecret.split('_secret_')[0] as string)).toMatchObject({
      amount: 3998,
      currency: 'eur',
    });
    const order = await api.get(`/api/v1/auth/orders`).set('Authorization', user.token).expect(200);
    const kept = (order.body.orders as unknown[])
      .map((o) => orderResponseSchema.shape.order.parse(o))
      .find((o) => o._id === paidInUsd);
    expect(kept?.payment.currency).toBe('usd');
    expect(kept?.products.map((line) => line.price)).toEqual([8]);
  });

  test('when the shop has products and the currency would change its decimals, then 409 says why and nothing changes', async ({
    api,
    admin,
  }) => {
    await createProduct({ price: 5 });
    for (const currency of ['jpy', 'kwd']) {
      const res = await api
        .put('/api/v1/store')
        .set('Authorization', admin.token)
        .send(settings({ currency }));
      expect(res.status).toBe(409);
      expect(errorOf(res.body)).toBe(CURRENCY_DIGITS_LOCKED);
      expect(res.body.errors).toEqual([{ field: 'currency', message: CURRENCY_DIGITS_LOCKED }]);
    }
    expect((await api.get('/api/v1/store').expect(200)).body.currency).toBe('eur');
  });
});
