import { errorResponseSchema, orderResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { makeShirt } from '../../test/catalogue.js';
import {
  availableOf,
  expireAndSweepCheckouts,
  leaveUncapturedOrder,
  ordersOf,
  placeOrderCall,
  stockOf,
} from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { createUser, forgedToken } from '../../test/harness.js';
import { inStoreCurrency } from '../../test/money.js';
import { findUser } from '../auth/repository.js';
import { findProduct } from '../products/repository/reads.js';
import { updateProduct } from '../products/repository/writes.js';

describe('POST /api/v1/order/place-order', () => {
  test('when the card is authorized, then one order at database prices, stock taken and the card charged once', async ({
    app,
    stripe,
    checkout,
  }) => {
    const { user, lamp, desk, paymentIntentId, amount } = await checkout();
    const res = await placeOrderCall(app.app, user.token, paymentIntentId, {
      // Everything but payment.id is the browser's word and must not matter.
      cart: [{ productId: lamp.id, name: 'Free lamp', price: 0, quantity: 50 }],
      amount: 1,
      buyer: { _id: 'someone-else' },
      address: 'Elsewhere',
    }).expect(201);

    const { order, message } = orderResponseSchema.parse(res.body);
    expect(message).toBe('Order Placed Successfully');
    expect(order.products).toEqual([
      expect.objectContaining({ name: lamp.name, price: 19.99, quantity: 2 }),
      expect.objectContaining({ name: desk.name, price: 120, quantity: 1 }),
    ]);
    expect(order.products[0]?.productId?._id).toBe(lamp.id);
    expect(order.payment).toEqual({
      id: paymentIntentId,
      success: true,
      status: 'succeeded',
      amount,
      currency: 'usd',
      refunded: false,
    });
    expect(amount).toBe(1999 * 2 + 12000);
    const profile = await findUser(user.id);
    expect(order.buyer).toEqual({ _id: user.id, name: profile?.name });
    expect(order.address).toBe(profile?.address);
    expect(order.status).toBe('Not Process');
    expect(await stockOf(lamp.id)).toBe(3);
    expect(await stockOf(desk.id)).toBe(2);
    expect(stripe.get(paymentIntentId).status).toBe('succeeded');
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
  });

  test('when the payment was captured before the order (an older checkout), then the order is placed without capturing again', async ({
    app,
    stripe,
    checkout,
  }) => {
    const { user, lamp, paymentIntentId } = await checkout({ authorized: false });
    stripe.update(paymentIntentId, { status: 'succeeded' });
    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    expect(orderResponseSchema.parse(res.body).order.payment).toMatchObject({
      success: true,
      status: 'succeeded',
    });
    expect(stripe.capturesOf(paymentIntentId)).toBe(0);
    expect(await stockOf(lamp.id)).toBe(3);
  });

  test('when place-order is replayed, one after the other and all at once, then one order and one stock decrement', async ({
    app,
    stripe,
    checkout,
  }) => {
    const { user, lamp, paymentIntentId } = await checkout();
    const first = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    const again = await placeOrderCall(app.app, user.token, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(again.body)).toMatchObject({
      message: 'Order already placed for this payment',
      order: { _id: first.body.order._id },
    });

    const fresh = await checkout();
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        placeOrderCall(app.app, fresh.user.token, fresh.paymentIntentId),
      ),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(burst.map((r) => orderResponseSchema.parse(r.body).order._id)).size).toBe(1);

    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(await ordersOf(fresh.paymentIntentId)).toBe(1);
    expect(await stockOf(lamp.id)).toBe(3);
    expect(await stockOf(fresh.lamp.id)).toBe(3);
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
    expect(stripe.capturesOf(fresh.paymentIntentId)).toBe(1);
  });

  test('when the card was not authorized, then 402 and no order nor stock change', async ({
    app,
    checkout,
  }) => {
    const { user, lamp, paymentIntentId } = await checkout({ authorized: false });
    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(402);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The payment has not succeeded (status: requires_payment_method)',
    );
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(await stockOf(lamp.id)).toBe(5);
  });

  test("when the payment is another buyer's, then 403, before and after its order exists", async ({
    app,
    stripe,
    checkout,
  }) => {
    const { user, lamp, paymentIntentId } = await checkout();
    const intruder = await createUser();
    const before = await placeOrderCall(app.app, intruder.token, paymentIntentId).expect(403);
    expect(errorResponseSchema.parse(before.body).message).toBe(
      'This payment belongs to another account',
    );
    expect(await ordersOf(paymentIntentId)).toBe(0);
    // The intruder cannot void the buyer's authorization either.
    expect(stripe.get(paymentIntentId).status).toBe('requires_capture');

    await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    const after = await placeOrderCall(app.app, intruder.token, paymentIntentId).expect(403);
    expect(JSON.stringify(after.body)).not.toContain(lamp.id);
    expect(await stockOf(lamp.id)).toBe(3);
  });

  test.for([
    ['its amount', { amount: 1 }],
    ['its currency', { currency: 'eur' }],
  ] as const)(
    'when the authorized PaymentIntent differs from the cart in %s, then 409, no order and the authorization cancelled',
    async ([_l, change], { app, stripe, checkout }) => {
      const { user, lamp, paymentIntentId } = await checkout();
      stripe.update(paymentIntentId, change);
      const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(409);
      expect(errorResponseSchema.parse(res.body).message).toBe(
        'The payment does not match the price of the cart; the order was not placed; your card was not charged',
      );
      expect(await ordersOf(paymentIntentId)).toBe(0);
      expect(await stockOf(lamp.id)).toBe(5);
      expect(stripe.get(paymentIntentId).status).toBe('canceled');
    },
  );

  test('when a price changed after the payment started, then the order is placed at the price the card was authorized for', async ({
    app,
    stripe,
    checkout,
  }) => {
    const { user, desk, paymentIntentId, amount } = await checkout();
    await updateProduct(desk.id, { price: await inStoreCurrency(99) });
    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    const { order } = orderResponseSchema.parse(res.body);
    expect(order.products.find((line) => line.productId?._id === desk.id)?.price).toBe(120);
    expect(order.payment.amount).toBe(amount);
    expect(stripe.get(paymentIntentId).status).toBe('succeeded');
  });

  test('when the checkout expired before the card was authorized, then the sweep ends it: its units back on sale, the payment cancelled, and a late payment refused', async ({
    app,
    stripe,
    checkout,
  }) => {
    const { user, lamp, desk, paymentIntentId } = await checkout({ authorized: false });
    expect(await availableOf(lamp.id)).toBe(3);
    await expireAndSweepCheckouts(app.config);
    expect(stripe.get(paymentIntentId).status).toBe('canceled');
    expect(await availableOf(lamp.id)).toBe(5);
    expect(await availableOf(desk.id)).toBe(3);

    const late = await placeOrderCall(app.app, user.token, paymentIntentId).expect(402);
    expect(errorResponseSchema.parse(late.body).message).toBe(
      'The payment has not succeeded (status: canceled)',
    );
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(stripe.capturesOf(paymentIntentId)).toBe(0);
  });

  test('when the card was authorized but nobody placed the order before the checkout expired, then the sweep places it, as the webhook would', async ({
    app,
    stripe,
    checkout,
  }) => {
    const { user, lamp, desk, paymentIntentId } = await checkout();
    await expireAndSweepCheckouts(app.config);
    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(stripe.get(paymentIntentId).status).toBe('succeeded');
    expect(await stockOf(lamp.id)).toBe(3);
    expect(await stockOf(desk.id)).toBe(2);
    const replay = await placeOrderCall(app.app, user.token, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(replay.body).order.payment.success).toBe(true);
  });

  test('when the card cannot be charged once the order is recorded, then 402, the order removed and the stock given back', async ({
    app,
    stripe,
    checkout,
  }) => {
    const { user, lamp, desk, paymentIntentId } = await checkout();
    stripe.failCapture(paymentIntentId);
    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(402);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The card could not be charged; the order was not placed',
    );
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(await stockOf(lamp.id)).toBe(5);
    expect(await stockOf(desk.id)).toBe(3);
  });

  test('when an order was recorded but its process died before charging the card, then a replay charges it and keeps the one order', async ({
    app,
    stripe,
    checkout,
  }) => {
    const { user, lamp, desk, paymentIntentId } = await checkout();
    await leaveUncapturedOrder(paymentIntentId, user);
    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(res.body).order.payment).toMatchObject({
      success: true,
      status: 'succeeded',
    });
    expect(stripe.get(paymentIntentId).status).toBe('succeeded');
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(await stockOf(lamp.id)).toBe(3);
    expect(await stockOf(desk.id)).toBe(2);
  });

  test('when Stripe does not know the PaymentIntent, then 404', async ({ app }) => {
    const user = await createUser();
    const res = await placeOrderCall(app.app, user.token, 'pi_unknown123').expect(404);
    expect(errorResponseSchema.parse(res.body).message).toBe('Payment not found');
  });

  test('when the PaymentIntent was not made by the shop checkout, then 400 and no order', async ({
    app,
    stripe,
  }) => {
    const user = await createUser();
    const foreign = stripe.insert({
      amount: 500,
      status: 'succeeded',
      metadata: { buyer: user.id, note: 'made elsewhere' },
    });
    const res = await placeOrderCall(app.app, user.token, foreign.id).expect(400);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'This payment was not made by a checkout of this shop',
    );
    expect(await ordersOf(foreign.id)).toBe(0);
  });

  test.for([
    ['no payment', {}, /payment/],
    ['an operator object as payment id', { payment: { id: { $ne: '' } } }, /payment id/],
    ['a payment id that is not a PaymentIntent', { payment: { id: '../v1/charges' } }, /pi_/],
    ['a text cart', { payment: { id: 'pi_123' }, cart: 'all' }, /cart/],
  ] as const)('when the body has %s, then 400', async ([_label, body, message], { api }) => {
    const user = await createUser();
    const res = await api
      .post('/api/v1/order/place-order')
      .set('Authorization', user.token)
      .send(body)
      .expect(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(message);
  });

  test('when the token is missing or forged, then 401 and no order', async ({
    api,
    app,
    checkout,
  }) => {
    const { user, paymentIntentId } = await checkout();
    await api
      .post('/api/v1/order/place-order')
      .send({ payment: { id: paymentIntentId } })
      .expect(401);
    await placeOrderCall(app.app, forgedToken(user.id), paymentIntentId).expect(401);
    expect(await ordersOf(paymentIntentId)).toBe(0);
  });
});

describe('POST /api/v1/order/place-order with variants', () => {
  test('when variants are bought, then only their stock is taken and the order keeps their SKU, options and price, even once the product is gone', async ({
    app,
    api,
    admin,
    category,
    checkoutOf,
  }) => {
    const shirt = await makeShirt(category.id);
    const [black, white] = [shirt.variant('M', 'Black'), shirt.variant('M', 'White')];
    const { user, paymentIntentId } = await checkoutOf([
      { _id: shirt.id, variant: black._id, quantity: 3 },
      { _id: shirt.id, variant: white._id },
    ]);
    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    const lines = orderResponseSchema.parse(res.body).order.products;
    const expected = [
      {
        name: shirt.name,
        variant: { _id: black._id, sku: black.sku, options: { Size: 'M', Colour: 'Black' } },
        price: 20,
        quantity: 3,
        // A shop without tax rates: each line untaxed.
        net: 60,
        tax: 0,
        gross: 60,
        taxRate: 0,
      },
      {
        name: shirt.name,
        variant: { _id: white._id, sku: white.sku, options: { Size: 'M', Colour: 'White' } },
        price: 18,
        quantity: 1,
        net: 18,
        tax: 0,
        gross: 18,
        taxRate: 0,
      },
    ];
    expect(lines).toMatchObject(expected);

    const after = await findProduct(shirt.id);
    const stockBySku = Object.fromEntries(after?.variants.map((v) => [v.sku, v.quantity]) ?? []);
    expect(stockBySku).toEqual(
      Object.fromEntries(
        shirt.product.variants.map((v) => [
          v.sku,
          v._id === black._id ? 1 : v._id === white._id ? 6 : v.quantity,
        ]),
      ),
    );
    expect(after?.quantity).toBe(13 - 4);

    await api
      .delete(`/api/v1/product/product/${shirt.id}`)
      .set('Authorization', admin.token)
      .expect(200);
    const mine = await api.get('/api/v1/auth/orders').set('Authorization', user.token).expect(200);
    const kept = ordersResponseSchema.parse(mine.body).orders[0]?.products;
    expect(kept).toEqual(expected.map((line) => ({ ...line, productId: null })));
  });
});
