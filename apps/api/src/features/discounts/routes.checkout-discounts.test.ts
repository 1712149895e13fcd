import { orderResponseSchema, quoteResponseSchema } from '@shop/contracts';
import { describe, expect } from 'vitest';
import {
  checkoutOfPayment,
  createProduct,
  expireAndSweepCheckouts,
  placeOrderCall,
  startCheckout,
  stockOf,
  TEST_DELIVERY_ADDRESS,
} from '../../test/checkout.js';
import { createDiscount, discountNow, uniqueCode } from '../../test/discounts.js';
import { checkoutTest as test } from '../../test/fixtures.js';
import { createUser, errorOf } from '../../test/harness.js';

const CREATE_PI = '/api/v1/order/create-payment-intent';
const withCode = (discountCode: string) => ({
  deliveryAddress: TEST_DELIVERY_ADDRESS,
  discountCode,
});

describe('create-payment-intent and place-order with a discount code', () => {
  test('when the code applies, then the card is authorized for the discounted total, the order carries the discount and it is counted once', async ({
    app,
    api,
    admin,
    stripe,
  }) => {
    const lamp = await createProduct({ price: 40, quantity: 5 });
    const code = uniqueCode('WELCOME');
    const discount = await createDiscount(api, admin, { code, kind: 'fixed', value: 7.5 });
    const buyer = await createUser();

    const started = await startCheckout(
      app.app,
      buyer.token,
      [{ _id: lamp.id, quantity: 2 }],
      withCode(code.toLowerCase()),
    );
    expect(started.amount).toBe(7250);
    const { discountCode, reservation } = await checkoutOfPayment(started.paymentIntentId);
    expect(discountCode).toBe(code);
    expect(reservation.discountIds).toEqual([discount._id]);
    stripe.confirm(started.paymentIntentId);

    const placed = orderResponseSchema.parse(
      (await placeOrderCall(app.app, buyer.token, started.paymentIntentId).expect(201)).body,
    );
    expect(placed.order.discounts).toEqual([
      { _id: discount._id, code, title: 'Test discount', amount: 7.5 },
    ]);
    expect(placed.order.products[0]).toMatchObject({ net: 72.5, gross: 72.5, discount: 7.5 });
    expect(placed.order).toMatchObject({ subtotal: 80, total: 72.5 });
    expect(stripe.capturesOf(started.paymentIntentId)).toBe(1);

    await placeOrderCall(app.app, buyer.token, started.paymentIntentId).expect(200);
    expect((await discountNow(api, admin, discount._id)).used).toBe(1);
  });

  test('when the code does not apply, then 400 with the quote’s reason and no payment starts', async ({
    api,
    admin,
    user,
    stripe,
  }) => {
    const lamp = await createProduct({ price: 10 });
    const code = uniqueCode('BIG');
    await createDiscount(api, admin, { code, kind: 'percentage', value: 10, minSubtotal: 25 });
    const created = stripe.calls.create;

    const res = await api
      .post(CREATE_PI)
      .set('Authorization', user.token)
      .send({ cart: [{ _id: lamp.id, quantity: 2 }], ...withCode(code) })
      .expect(400);

    expect(errorOf(res.body)).toBe(`Add $5.00 more to use ${code}`);
    expect(stripe.calls.create).toBe(created);
  });

  test('when the last use is held for a buyer paying, then the next buyer is told before paying, and the quote says so', async ({
    app,
    api,
    admin,
    user,
    stripe,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const code = uniqueCode('ONCE');
    await createDiscount(api, admin, { code, kind: 'fixed', value: 1, usageLimit: 1 });
    const first = await createUser();
    await startCheckout(app.app, first.token, [{ _id: lamp.id }], withCode(code));
    const created = stripe.calls.create;

    const res = await api
      .post(CREATE_PI)
      .set('Authorization', user.token)
      .send({ cart: [{ _id: lamp.id }], ...withCode(code) })
      .expect(400);

    expect(errorOf(res.body)).toBe(`${code} has been used up`);
    expect(stripe.calls.create).toBe(created);
    const quoted = quoteResponseSchema.parse(
      (
        await api
          .post('/api/v1/order/quote')
          .send({
            cart: [{ _id: lamp.id }],
            deliveryAddress: { country: 'DE' },
            discountCode: code,
          })
          .expect(200)
      ).body,
    );
    expect(quoted.discountRefusal).toBe(`${code} has been used up`);
  });

  test('when a buyer’s checkout expired unpaid, then its use goes back, another takes the last use, and the late payment is refused', async ({
    app,
    api,
    admin,
    stripe,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const code = uniqueCode('ONCE');
    const discount = await createDiscount(api, admin, {
      code,
      kind: 'fixed',
      value: 1,
      usageLimit: 1,
    });
    const [slow, quick] = [await createUser(), await createUser()];
    const slowPayment = (
      await startCheckout(app.app, slow.token, [{ _id: lamp.id }], withCode(code))
    ).paymentIntentId;
    const refused = await api
      .post(CREATE_PI)
      .set('Authorization', quick.token)
      .send({ cart: [{ _id: lamp.id }], ...withCode(code) })
      .expect(400);
    expect(errorOf(refused.body)).toBe(`${code} has been used up`);

    await expireAndSweepCheckouts(app.config);
    const quickPayment = (
      await startCheckout(app.app, quick.token, [{ _id: lamp.id }], withCode(code))
    ).paymentIntentId;
    stripe.confirm(quickPayment);
    await placeOrderCall(app.app, quick.token, quickPayment).expect(201);
    // The sweep cancelled the slow buyer's payment: their card can no longer be confirmed.
    expect(stripe.get(slowPayment).status).toBe('canceled');
    const late = await placeOrderCall(app.app, slow.token, slowPayment).expect(402);

    expect(errorOf(late.body)).toBe('The payment has not succeeded (status: canceled)');
    expect(await stockOf(lamp.id)).toBe(9);
    expect((await discountNow(api, admin, discount._id)).used).toBe(1);
  });

  test('when a shopper used up their own uses or has ordered before, then they are told before paying (a guest by their e-mail, in words that do not say why); others are not', async ({
    app,
    api,
    admin,
    stripe,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const once = uniqueCode('ONCEEACH');
    await createDiscount(api, admin, {
      code: once,
      kind: 'fixed',
      value: 1,
      perCustomerLimit: 1,
      combinable: true,
    });
    const first = uniqueCode('FIRST');
    await createDiscount(api, admin, {
      code: first,
      kind: 'fixed',
      value: 2,
      firstOrderOnly: true,
      combinable: true,
    });
    // Confirmed: its mailbox is its own, so it is told which condition failed.
    const buyer = await createUser({ confirmed: true });
    const started = await startCheckout(app.app, buyer.token, [{ _id: lamp.id }], withCode(once));
    stripe.confirm(started.paymentIntentId);
    await placeOrderCall(app.app, buyer.token, started.paymentIntentId).expect(201);

    const again = (token: string, code: string) =>
      api
        .post(CREATE_PI)
        .set('Authorization', token)
        .send({ cart: [{ _id: lamp.id }], ...withCode(code) });
    expect(errorOf((await again(buyer.token, once).expect(400)).body)).toBe(
      `You have used ${once} as many times as it allows`,
    );
    expect(errorOf((await again(buyer.token, first).expect(400)).body)).toBe(
      `${first} is for first orders`,
    );
    const quoted = quoteResponseSchema.parse(
      (
        await api
          .post('/api/v1/order/quote')
          .set('Authorization', buyer.token)
          .send({
            cart: [{ _id: lamp.id }],
            deliveryAddress: { country: 'DE' },
            discountCode: first,
          })
          .expect(200)
      ).body,
    );
    expect(quoted.discountRefusal).toBe(`${first} is for first orders`);
    // Signed out with the same e-mail, the quote does not judge it (anyone may type an e-mail):
    // paying does, in words that do not say why.
    const asGuest = quoteResponseSchema.parse(
      (
        await api
          .post('/api/v1/order/quote')
          .send({
            cart: [{ _id: lamp.id }],
            deliveryAddress: { country: 'DE' },
            discountCode: first,
            email: buyer.email,
          })
          .expect(200)
      ).body,
    );
    expect(asGuest).toMatchObject({
      discountRefusal: null,
      discountNotice: `${first} applies at checkout if eligible`,
    });
    const guestPays = await api
      .post(CREATE_PI)
      .send({ cart: [{ _id: lamp.id }], ...withCode(first), email: buyer.email })
      .expect(400);
    expect(errorOf(guestPays.body)).toBe(`You are not eligible for ${first}`);
    const newcomer = await createUser();
    await again(newcomer.token, once).expect(200);
    await again(newcomer.token, first).expect(200);
  });

  test('when an order with a code is cancelled, then its use is given back, once', async ({
    app,
    api,
    admin,
    stripe,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const code = uniqueCode('BACK');
    const discount = await createDiscount(api, admin, {
      code,
      kind: 'fixed',
      value: 1,
      usageLimit: 1,
    });
    const buyer = await createUser();
    const started = await startCheckout(app.app, buyer.token, [{ _id: lamp.id }], withCode(code));
    stripe.confirm(started.paymentIntentId);
    const { order } = orderResponseSchema.parse(
      (await placeOrderCall(app.app, buyer.token, started.paymentIntentId).expect(201)).body,
    );
    expect((await discountNow(api, admin, discount._id)).used).toBe(1);

    const cancel = () =>
      api
        .put(`/api/v1/auth/order-status/${order._id}`)
        .set('Authorization', admin.token)
        .send({ status: 'cancel' })
        .expect(200);
    await cancel();
    await cancel();

    expect((await discountNow(api, admin, discount._id)).used).toBe(0);
    const other = await createUser();
    await startCheckout(app.app, other.token, [{ _id: lamp.id }], withCode(code));
  });
});
