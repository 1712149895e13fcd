import { errorResponseSchema, orderResponseSchema } from '@shop/contracts';
import {
  checkoutOfPayment,
  deliverAuthorized,
  ordersOf,
  placeOrderCall,
  startCheckout,
  stockOf,
  TEST_DELIVERY_ADDRESS,
} from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';
import {
  COURIER,
  lampAndBook,
  PICKUP,
  STANDARD,
  setUpPricedShop,
  twoLampsAndABook,
} from '../../test/pricing-shop.js';
import { findOrder, findOrderOfPayment } from '../orders/index.js';

const toGermany = { ...TEST_DELIVERY_ADDRESS, country: 'Germany' };
const INTENTS = '/api/v1/order/create-payment-intent';

describe('paying the quote', () => {
  test('when the buyer pays with a method offered, then Stripe authorizes the quote’s total, the method and country travel with it, and the order records the whole breakdown', async ({
    api,
    admin,
    app,
    stripe,
  }) => {
    await setUpPricedShop(api, admin);
    const { lamp, cart } = await twoLampsAndABook();
    const buyer = await createUser();

    const { paymentIntentId, amount } = await startCheckout(app.app, buyer.token, cart, {
      deliveryAddress: toGermany,
      shippingMethod: STANDARD._id,
    });
    expect(amount).toBe(6625);
    expect(stripe.get(paymentIntentId)).toMatchObject({ amount: 6625, currency: 'usd' });
    const checkout = await checkoutOfPayment(paymentIntentId);
    expect(checkout.shippingMethodId).toBe(STANDARD._id);
    expect(checkout.priced).toMatchObject({ country: 'DE', total: 6625 });
    stripe.confirm(paymentIntentId);

    const res = await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(201);
    const { order } = orderResponseSchema.parse(res.body);
    expect(order).toMatchObject({
      pricesIncludeTax: false,
      subtotal: 51.98,
      shipping: {
        method: { _id: STANDARD._id, name: 'Standard' },
        net: 4.9,
        tax: 0.93,
        gross: 5.83,
      },
      tax: 9.37,
      total: 66.25,
      payment: { amount: 6625, currency: 'usd', success: true },
    });
    expect(
      order.products.map(({ net, tax, gross, taxRate }) => ({ net, tax, gross, taxRate })),
    ).toEqual([
      { net: 39.98, tax: 7.6, gross: 47.58, taxRate: 0.19 },
      { net: 12, tax: 0.84, gross: 12.84, taxRate: 0.07 },
    ]);
    // Read again later, the order says the same.
    expect(await findOrder(order._id)).toMatchObject({ total: 66.25, tax: 9.37, subtotal: 51.98 });
    expect(await stockOf(lamp.id)).toBe(18);
  });

  test('when the method is not offered for the cart, or none is chosen where some are, then 400 and nothing is authorized', async ({
    api,
    admin,
    stripe,
  }) => {
    await setUpPricedShop(api, admin);
    const { lamp } = await lampAndBook();
    const buyer = await createUser();
    const created = stripe.calls.create;
    const pay = (body: Record<string, unknown>) =>
      api.post(INTENTS).set('Authorization', buyer.token).send(body);

    // 7 × 800 g: past the courier's last tier.
    const heavy = await pay({
      cart: [{ _id: lamp.id, quantity: 7 }],
      deliveryAddress: toGermany,
      shippingMethod: COURIER._id,
    });
    expect(heavy.status).toBe(400);
    expect(errorResponseSchema.parse(heavy.body).message).toBe(
      'This shipping method is not offered for this address',
    );
    const none = await pay({ cart: [{ _id: lamp.id }], deliveryAddress: toGermany });
    expect(none.status).toBe(400);
    expect(errorResponseSchema.parse(none.body).message).toBe(
      'Choose a shipping method for this address (shippingMethod)',
    );
    const elsewhere = await pay({
      cart: [{ _id: lamp.id }],
      deliveryAddress: { ...toGermany, country: 'France' },
      shippingMethod: STANDARD._id,
    });
    expect(elsewhere.status).toBe(400);
    expect(errorResponseSchema.parse(elsewhere.body).message).toBe('We do not deliver to France');
    expect(stripe.calls.create).toBe(created);
  });
});

/** A buyer who authorized $66.25 for Germany by Standard. */
const tamperTest = test.extend('authorized', async ({ api, admin, app, stripe }) => async () => {
  await setUpPricedShop(api, admin);
  const { lamp, cart } = await twoLampsAndABook();
  const buyer = await createUser();
  const { paymentIntentId } = await startCheckout(app.app, buyer.token, cart, {
    deliveryAddress: toGermany,
    shippingMethod: STANDARD._id,
  });
  stripe.confirm(paymentIntentId);
  return { buyer, lamp, paymentIntentId };
});

describe('the webhook', () => {
  tamperTest(
    'when the buyer never comes back, then the webhook places the order with the breakdown the payment was priced at',
    async ({ api, stripe, authorized }) => {
      const { paymentIntentId } = await authorized();
      await deliverAuthorized(api, stripe, paymentIntentId).expect(200);

      const placed = await findOrderOfPayment(paymentIntentId);
      expect(placed?.breakdown).toMatchObject({
        subtotal: 5198,
        shipping: { methodId: STANDARD._id, name: 'Standard', net: 490, tax: 93, gross: 583 },
        tax: 937,
        total: 6625,
      });
      expect(stripe.get(paymentIntentId).status).toBe('succeeded');
    },
  );
});

describe('tampering between the quote and the order', () => {
  tamperTest(
    'when the authorized amount is changed, then the order is refused and the authorization cancelled',
    async ({ app, stripe, authorized }) => {
      const { buyer, lamp, paymentIntentId } = await authorized();
      stripe.update(paymentIntentId, { amount: 6624 });

      const res = await placeOrderCall(app.app, buyer.token, paymentIntentId);

      expect(res.status).toBe(409);
      expect(errorResponseSchema.parse(res.body).message).toBe(
        'The payment does not match the price of the cart; the order was not placed; your card was not charged',
      );
      expect(stripe.get(paymentIntentId).status).toBe('canceled');
      expect(await ordersOf(paymentIntentId)).toBe(0);
      expect(await stockOf(lamp.id)).toBe(20);
    },
  );

  tamperTest(
    'when the payment’s metadata is changed (another method, another checkout named), then it changes nothing: the order is the checkout’s, shipped by its method',
    async ({ app, stripe, authorized }) => {
      const { buyer, paymentIntentId } = await authorized();
      stripe.update(paymentIntentId, {
        metadata: { checkoutId: 'ffffffffffffffffffffffff', ship_method: PICKUP._id },
      });

      const res = await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(201);
      const { order } = orderResponseSchema.parse(res.body);
      expect(order).toMatchObject({
        shipping: { method: { _id: STANDARD._id } },
        total: 66.25,
        payment: { amount: 6625 },
      });
    },
  );

  tamperTest(
    'when place-order sends an address in a country priced otherwise, then the order is refused and the authorization cancelled',
    async ({ app, stripe, authorized }) => {
      const { buyer, paymentIntentId } = await authorized();

      const res = await placeOrderCall(app.app, buyer.token, paymentIntentId, {
        deliveryAddress: { ...toGermany, country: 'Switzerland' },
      });

      // Switzerland does not ship by Standard at all.
      expect(res.status).toBe(400);
      expect(stripe.get(paymentIntentId).status).toBe('canceled');
      expect(await ordersOf(paymentIntentId)).toBe(0);
    },
  );

  tamperTest(
    'when place-order sends an address in a country priced the same, then the order goes there at the authorized, recomputed figure',
    async ({ app, authorized }) => {
      const { buyer, paymentIntentId } = await authorized();

      const res = await placeOrderCall(app.app, buyer.token, paymentIntentId, {
        deliveryAddress: { ...toGermany, country: 'AT' },
      });

      expect(res.status).toBe(201);
      const { order } = orderResponseSchema.parse(res.body);
      expect(order.deliveryAddress?.country).toBe('AT');
      expect(order).toMatchObject({ total: 66.25, tax: 9.37, payment: { amount: 6625 } });
    },
  );

  tamperTest(
    'when the tax rate changed after paying started, then the order keeps the tax the card was authorized for',
    async ({ api, admin, app, stripe, authorized }) => {
      const { buyer, paymentIntentId } = await authorized();
      await api
        .put('/api/v1/tax')
        .set('Authorization', admin.token)
        .send({
          rates: [{ country: 'DE', class: 'standard', rate: 0.2 }],
          shippingClass: 'standard',
        })
        .expect(200);

      const res = await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(201);
      expect(orderResponseSchema.parse(res.body).order).toMatchObject({ tax: 9.37, total: 66.25 });
      expect(stripe.get(paymentIntentId).status).toBe('succeeded');
    },
  );
});
