import {
  DELIVERY_ADDRESS_REQUIRED,
  errorResponseSchema,
  loginResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
} from '@shop/contracts';
import Stripe from 'stripe';
import {
  createProduct,
  ordersOf,
  placeOrderCall,
  stockOf,
  TEST_DELIVERY_ADDRESS,
} from '../../test/checkout.js';
import { type Api, checkoutTest, describe, expect } from '../../test/fixtures.js';
import { TEST_WEBHOOK_SECRET } from '../../test/payments-app.js';
import { refuseDeliveryAddressWrites } from '../../test/raw-documents.js';

const test = checkoutTest.extend(
  'oneLampCheckout',
  async ({ checkoutOf }) =>
    /** A buyer whose card is authorized for 2 lamps (of 4 in stock), with `delivery` sent. */
    async (delivery?: Record<string, unknown>) => {
      const lamp = await createProduct({ price: 10, quantity: 4 });
      const started = await checkoutOf([{ _id: lamp.id, quantity: 2 }], { delivery });
      return { lamp, ...started };
    },
);

/** The address as the checkout keeps it and its order stores it: the country as its code. */
const STORED_ADDRESS = { ...TEST_DELIVERY_ADDRESS, country: 'GB' };

const OTHER_ADDRESS = {
  name: 'Grace Hopper',
  street: '1 Navy Yard',
  city: 'Arlington',
  postalCode: '22202',
  country: 'US',
  phone: '(703) 555-0100',
};

/** The delivery address with one field changed. */
const addressWith = (field: string, value: unknown) => ({
  ...TEST_DELIVERY_ADDRESS,
  [field]: value,
});

const INVALID_FIELDS = (
  [
    ['name', undefined, 'recipient name is required'],
    ['name', '   ', 'recipient name is required'],
    ['name', 'x'.repeat(101), 'recipient name must be at most 100 characters'],
    ['street', '', 'street is required'],
    ['street', 'x'.repeat(201), 'street must be at most 200 characters'],
    ['street', { $gt: '' }, 'street must be text'],
    ['city', '', 'city is required'],
    ['postalCode', '', 'postal code is required'],
    ['postalCode', '12#45', 'postal code may hold only letters, digits, spaces and hyphens'],
    ['country', '', 'country is required'],
    ['country', 'Land 42', 'country must be a country name or an ISO code such as DE'],
    ['phone', '', 'phone is required'],
    ['phone', '555-CALL-ME', 'phone may hold only digits, spaces and + ( ) . - /'],
    ['phone', '12-34', 'phone must have at least 6 digits'],
  ] satisfies [string, unknown, string][]
).map(([field, value, message]): [string, unknown, string] => [
  field,
  value,
  `Delivery address: ${message}`,
]);

const deliverWebhook = (api: Api, object: unknown) => {
  const payload = JSON.stringify({
    id: `evt_delivery_${Date.now()}`,
    object: 'event',
    type: 'payment_intent.amount_capturable_updated',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return api
    .post('/api/v1/order/webhook')
    .set('Content-Type', 'application/json; charset=utf-8')
    .set(
      'Stripe-Signature',
      Stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }),
    )
    .send(payload);
};

describe('delivery address at checkout', () => {
  test('when neither the payment nor place-order carries an address, then 400 names what is missing and nothing changes', async ({
    app,
    stripe,
    oneLampCheckout,
  }) => {
    // The spec's create-payment-intent: the cart alone.
    const { user, lamp, paymentIntentId } = await oneLampCheckout({});

    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(400);

    expect(errorResponseSchema.parse(res.body).message).toBe(DELIVERY_ADDRESS_REQUIRED);
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(await stockOf(lamp.id)).toBe(4);
    // Not charged, and not released either: the buyer can still place it with an address.
    expect(stripe.get(paymentIntentId).status).toBe('requires_capture');
    expect(stripe.capturesOf(paymentIntentId)).toBe(0);
  });

  test.for(INVALID_FIELDS)(
    'when create-payment-intent gets a delivery address whose %s is %j, then 400 says so and no payment starts',
    async ([field, value, message], { api, user, stripe }) => {
      const lamp = await createProduct({ price: 10, quantity: 4 });
      const before = stripe.calls.create;

      const res = await api
        .post('/api/v1/order/create-payment-intent')
        .set('Authorization', user.token)
        .send({ cart: [{ _id: lamp.id }], deliveryAddress: addressWith(field, value) })
        .expect(400);

      expect(errorResponseSchema.parse(res.body).message).toBe(message);
      expect(stripe.calls.create).toBe(before);
    },
  );

  test.for(INVALID_FIELDS)(
    'when place-order gets a delivery address whose %s is %j, then 400 says so, no stock is taken and nobody is charged',
    async ([field, value, message], { app, stripe, oneLampCheckout }) => {
      const { user, lamp, paymentIntentId } = await oneLampCheckout();

      const res = await placeOrderCall(app.app, user.token, paymentIntentId, {
        deliveryAddress: addressWith(field, value),
      }).expect(400);

      expect(errorResponseSchema.parse(res.body).message).toBe(message);
      expect(await ordersOf(paymentIntentId)).toBe(0);
      expect(await stockOf(lamp.id)).toBe(4);
      expect(stripe.capturesOf(paymentIntentId)).toBe(0);
    },
  );

  test('when saveAddress is not true or false, then 400 and no payment starts', async ({
    api,
    user,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 4 });
    const res = await api
      .post('/api/v1/order/create-payment-intent')
      .set('Authorization', user.token)
      .send({
        cart: [{ _id: lamp.id }],
        deliveryAddress: TEST_DELIVERY_ADDRESS,
        saveAddress: 'yes',
      })
      .expect(400);
    expect(errorResponseSchema.parse(res.body).message).toBe('saveAddress must be true or false');
  });

  test('when the address came with the payment, then the order stores it, trimmed, and every order answer carries it', async ({
    api,
    app,
    admin,
    oneLampCheckout,
  }) => {
    const padded = Object.fromEntries(
      Object.entries(TEST_DELIVERY_ADDRESS).map(([field, value]) => [field, `  ${value} `]),
    );
    const { user, paymentIntentId } = await oneLampCheckout({ deliveryAddress: padded });

    const placed = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    const { order } = orderResponseSchema.parse(placed.body);
    expect(order.deliveryAddress).toEqual(STORED_ADDRESS);

    const mine = await api.get('/api/v1/auth/orders').set('Authorization', user.token).expect(200);
    expect(ordersResponseSchema.parse(mine.body).orders).toEqual([
      expect.objectContaining({ _id: order._id, deliveryAddress: STORED_ADDRESS }),
    ]);
    const all = await api
      .get('/api/v1/auth/all-orders')
      .query({ perPage: 100 })
      .set('Authorization', admin.token)
      .expect(200);
    expect(ordersResponseSchema.parse(all.body).orders).toContainEqual(
      expect.objectContaining({ _id: order._id, deliveryAddress: STORED_ADDRESS }),
    );
    const status = await api
      .put(`/api/v1/auth/order-status/${order._id}`)
      .set('Authorization', admin.token)
      .send({ status: 'Shipped' })
      .expect(200);
    expect(orderResponseSchema.parse(status.body).order.deliveryAddress).toEqual(STORED_ADDRESS);
  });

  test("when place-order gives an address, then it is the order's, whatever the payment carried; a replay keeps it", async ({
    app,
    oneLampCheckout,
  }) => {
    const { user, paymentIntentId } = await oneLampCheckout();

    const placed = await placeOrderCall(app.app, user.token, paymentIntentId, {
      deliveryAddress: OTHER_ADDRESS,
    }).expect(201);
    expect(orderResponseSchema.parse(placed.body).order.deliveryAddress).toEqual(OTHER_ADDRESS);

    const replay = await placeOrderCall(app.app, user.token, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(replay.body).order.deliveryAddress).toEqual(OTHER_ADDRESS);
  });

  test('when the buyer asks to save the address, then the profile keeps it and the next login carries it; the text address stays', async ({
    api,
    app,
    oneLampCheckout,
  }) => {
    const { user, paymentIntentId } = await oneLampCheckout({
      deliveryAddress: TEST_DELIVERY_ADDRESS,
      saveAddress: true,
    });
    const signIn = async () =>
      loginResponseSchema.parse(
        (
          await api
            .post('/api/v1/auth/login')
            .send({ email: user.email, password: user.password })
            .expect(200)
        ).body,
      ).user;
    const before = await signIn();
    expect(before.deliveryAddress).toBeUndefined();

    await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);

    const after = await signIn();
    expect(after.deliveryAddress).toEqual(STORED_ADDRESS);
    expect(after.address).toBe(before.address);
  });

  test('when saving the address to the profile fails after the payment, then the order is placed and charged all the same (201), and a replay finds it (200)', async ({
    api,
    app,
    stripe,
    oneLampCheckout,
  }) => {
    const { user, lamp, paymentIntentId } = await oneLampCheckout({
      deliveryAddress: TEST_DELIVERY_ADDRESS,
      saveAddress: true,
    });
    const database = refuseDeliveryAddressWrites();
    try {
      const placed = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
      const { order } = orderResponseSchema.parse(placed.body);
      expect(order.payment.success).toBe(true);
      expect(order.deliveryAddress).toEqual(STORED_ADDRESS);
      expect(database.refused()).toBe(1);
    } finally {
      database.restore();
    }
    expect(stripe.get(paymentIntentId).status).toBe('succeeded');
    expect(await stockOf(lamp.id)).toBe(2);

    const replay = await placeOrderCall(app.app, user.token, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(replay.body).order.payment.success).toBe(true);
    expect(await ordersOf(paymentIntentId)).toBe(1);
    const res = await api
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(loginResponseSchema.parse(res.body).user.deliveryAddress).toBeUndefined();
  });

  test('when the buyer does not ask to save it, then the profile is left as it was', async ({
    api,
    app,
    oneLampCheckout,
  }) => {
    const { user, paymentIntentId } = await oneLampCheckout();
    await placeOrderCall(app.app, user.token, paymentIntentId, {
      deliveryAddress: OTHER_ADDRESS,
      saveAddress: false,
    }).expect(201);

    const res = await api
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(200);
    expect(loginResponseSchema.parse(res.body).user.deliveryAddress).toBeUndefined();
  });

  test('when the webhook reports a payment without an address, then it is acknowledged and left for place-order: nothing taken, charged or released', async ({
    api,
    app,
    stripe,
    oneLampCheckout,
  }) => {
    const { user, lamp, paymentIntentId } = await oneLampCheckout({});

    await deliverWebhook(api, stripe.get(paymentIntentId)).expect(200);
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(await stockOf(lamp.id)).toBe(4);
    expect(stripe.get(paymentIntentId).status).toBe('requires_capture');

    const placed = await placeOrderCall(app.app, user.token, paymentIntentId, {
      deliveryAddress: OTHER_ADDRESS,
    }).expect(201);
    expect(orderResponseSchema.parse(placed.body).order.deliveryAddress).toEqual(OTHER_ADDRESS);
    expect(await stockOf(lamp.id)).toBe(2);
  });
});
