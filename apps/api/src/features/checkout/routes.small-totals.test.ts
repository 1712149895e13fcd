import { createPaymentIntentResponseSchema, quoteResponseSchema } from '@shop/contracts';
import { placeOrderResponseSchema } from '@shop/contracts/guest';
import supertest from 'supertest';
import {
  availableOf,
  createProduct,
  expireAndSweepCheckouts,
  stockOf,
  TEST_DELIVERY_ADDRESS,
} from '../../test/checkout.js';
import { createDiscount, discountNow } from '../../test/discounts.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { createUser, TEST_JWT_SECRET } from '../../test/harness.js';
import { type ApiProcess, startApiProcess } from '../../test/oversell.js';
import { setZones } from '../../test/pricing-settings.js';
import { PICKUP, setUpPricedShop } from '../../test/pricing-shop.js';
import { storedDocument } from '../../test/raw-documents.js';

/** Stripe's smallest charge in US dollars (see pricing/minimum-charge.ts), in the shop's words. */
const UNDER_THE_MINIMUM = 'The total must be at least $0.50 to pay by card';

const toGermany = { ...TEST_DELIVERY_ADDRESS, country: 'DE' };

let other: ApiProcess | undefined;

describe('totals Stripe cannot charge, and the delivery country, over two API processes', () => {
  test.beforeEach(async ({ app, stripe, api, admin }) => {
    await setUpPricedShop(api, admin);
    other ??= await startApiProcess(app.databaseUrl, stripe, {
      // The same secret as this file's app, as every process of one shop has.
      env: { JWT_SECRET: TEST_JWT_SECRET },
    });
  });
  test.afterAll(() => other?.stop());

  test('when a cart costs less than the currency’s smallest charge, then the quote says so, and paying is refused with the same words on the other process, before any payment exists', async ({
    api,
    stripe,
  }) => {
    // 30 cents and 19% tax, picked up: $0.36.
    const pin = await createProduct({ price: 0.3 });
    const buyer = await createUser();
    const asked = {
      cart: [{ _id: pin.id }],
      deliveryAddress: toGermany,
      shippingMethod: PICKUP._id,
    };
    const created = stripe.calls.create;

    const quoted = await api.post('/api/v1/order/quote').send(asked).expect(200);
    const paying = await supertest(other?.url ?? '')
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', buyer.token)
      .send(asked);

    expect(quoteResponseSchema.parse(quoted.body)).toMatchObject({
      total: 0.36,
      totalRefusal: UNDER_THE_MINIMUM,
    });
    expect(paying.status).toBe(400);
    expect(paying.body).toEqual({ success: false, message: UNDER_THE_MINIMUM });
    expect(stripe.calls.create).toBe(created);
  });

  test('when a 100% code and pickup make the total zero, then the order is placed on the other process, paid, with no payment at Stripe', async ({
    api,
    admin,
    stripe,
  }) => {
    const lamp = await createProduct({ price: 25, quantity: 4 });
    const code = await createDiscount(api, admin, { kind: 'percentage', value: 100 });
    const buyer = await createUser();
    const asked = {
      cart: [{ _id: lamp.id }],
      deliveryAddress: toGermany,
      shippingMethod: PICKUP._id,
      discountCode: code.code,
    };
    const created = stripe.calls.create;

    const quoted = await api.post('/api/v1/order/quote').send(asked).expect(200);
    const started = await api
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', buyer.token)
      .send(asked)
      .expect(200);
    const { amount, clientSecret, paymentId } = createPaymentIntentResponseSchema.parse(
      started.body,
    );
    const placed = await supertest(other?.url ?? '')
      .post('/api/v1/order/place-order')
      .set('Authorization', buyer.token)
      .send({ payment: { id: paymentId } });

    expect(quoteResponseSchema.parse(quoted.body)).toMatchObject({ total: 0, totalRefusal: null });
    expect({ amount, clientSecret }).toEqual({ amount: 0, clientSecret: '' });
    expect(placed.status).toBe(201);
    const { order } = placeOrderResponseSchema.parse(placed.body);
    expect(order.payment).toMatchObject({ id: paymentId, success: true, amount: 0 });
    expect(stripe.calls.create).toBe(created);
    expect(await stockOf(lamp.id)).toBe(3);
    expect((await discountNow(api, admin, code._id)).used).toBe(1);
    await supertest(other?.url ?? '')
      .post('/api/v1/order/place-order')
      .set('Authorization', buyer.token)
      .send({ payment: { id: paymentId } })
      .expect(200);
  });

  test('when a free checkout is left unplaced past its hold, then the sweep gives its unit and its code’s use back, and placing it after is refused', async ({
    api,
    admin,
    app,
  }) => {
    const lamp = await createProduct({ price: 25, quantity: 4 });
    const code = await createDiscount(api, admin, {
      kind: 'percentage',
      value: 100,
      usageLimit: 1,
    });
    const buyer = await createUser();
    const asked = {
      cart: [{ _id: lamp.id }],
      deliveryAddress: toGermany,
      shippingMethod: PICKUP._id,
      discountCode: code.code,
    };
    const started = await api
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', buyer.token)
      .send(asked)
      .expect(200);
    const { paymentId } = createPaymentIntentResponseSchema.parse(started.body);
    expect(await availableOf(lamp.id)).toBe(3);

    await expireAndSweepCheckouts(app.config);

    expect(await availableOf(lamp.id)).toBe(4);
    // The code's one use is free again: another shopper starts paying with it.
    await api
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', (await createUser()).token)
      .send({ ...asked, discountCode: code.code })
      .expect(200);
    const late = await supertest(other?.url ?? '')
      .post('/api/v1/order/place-order')
      .set('Authorization', buyer.token)
      .send({ payment: { id: paymentId } });
    expect(late.status).toBe(409);
  });

  test('when the delivery country is written in small letters, then the order stores its ISO code in capitals', async ({
    api,
    admin,
    stripe,
  }) => {
    await setZones(api, admin, 'usd', [{ countries: ['US'], methods: [PICKUP] }]);
    const lamp = await createProduct({ price: 25 });
    const buyer = await createUser();
    // Started where the zones were written: the other process reads them again within a second.
    const started = await api
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', buyer.token)
      .send({
        cart: [{ _id: lamp.id }],
        deliveryAddress: { ...TEST_DELIVERY_ADDRESS, country: 'us' },
        shippingMethod: PICKUP._id,
      })
      .expect(200);
    const { clientSecret } = createPaymentIntentResponseSchema.parse(started.body);
    const paymentIntentId = clientSecret.split('_secret_')[0] as string;
    stripe.confirm(paymentIntentId);

    const placed = await supertest(other?.url ?? '')
      .post('/api/v1/order/place-order')
      .set('Authorization', buyer.token)
      .send({ payment: { id: paymentIntentId } })
      .expect(201);

    const { order } = placeOrderResponseSchema.parse(placed.body);
    expect(order.deliveryAddress?.country).toBe('US');
    expect((await storedDocument('orders', order._id))?.deliveryAddress?.country).toBe('US');
  });
});
