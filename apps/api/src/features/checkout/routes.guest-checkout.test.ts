import { orderResponseSchema, ordersResponseSchema } from '@shop/contracts';
import { placeOrderResponseSchema } from '@shop/contracts/guest';
import {
  checkoutOfPayment,
  createLampsAndDesk,
  deliverAuthorized,
  ordersOf,
  placeOrderCall,
  startCheckout,
  stockOf,
  TEST_DELIVERY_ADDRESS,
} from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import {
  guestEmail,
  guestPaymentIntentCall,
  guestPlaceOrderCall,
  linkParts,
  startGuestCheckout,
} from '../../test/guest-checkout.js';
import { createUser, errorOf } from '../../test/harness.js';
import { findOrderOfPayment } from '../orders/index.js';

describe('guest checkout: create-payment-intent and place-order with an e-mail, no account', () => {
  test('when a guest pays with an e-mail and no token, then the order is placed for that e-mail, without a buyer, stock taken and the card charged once', async ({
    app,
    stripe,
  }) => {
    const { lamp, desk, cart } = await createLampsAndDesk();
    const email = guestEmail();
    const { paymentIntentId, amount } = await startGuestCheckout(app.app, email, cart);
    expect(amount).toBe(1999 * 2 + 12000);
    expect((await checkoutOfPayment(paymentIntentId)).shopper).toEqual({
      key: `guest:${email}`,
      accountId: null,
      email,
    });
    stripe.confirm(paymentIntentId);

    const res = await guestPlaceOrderCall(app.app, email, paymentIntentId).expect(201);
    const { order, message } = placeOrderResponseSchema.parse(res.body);
    expect(message).toBe('Order Placed Successfully');
    expect(order.buyer).toBeNull();
    expect(order.email).toBe(email);
    expect(order.number).toBeGreaterThan(1000);
    // Its country as its code, as every order stores it.
    expect(order.deliveryAddress).toEqual({ ...TEST_DELIVERY_ADDRESS, country: 'GB' });
    expect(order.timeline?.[0]).toMatchObject({
      event: 'placed',
      by: { name: TEST_DELIVERY_ADDRESS.name, role: 'buyer' },
    });
    expect(await stockOf(lamp.id)).toBe(3);
    expect(await stockOf(desk.id)).toBe(2);
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);

    const again = await guestPlaceOrderCall(app.app, email, paymentIntentId).expect(200);
    expect(orderResponseSchema.parse(again.body).order._id).toBe(order._id);
    expect(await ordersOf(paymentIntentId)).toBe(1);
  });

  test('when the e-mail is given in another case, then it is the same guest', async ({
    app,
    stripe,
  }) => {
    const { cart } = await createLampsAndDesk();
    const email = guestEmail();
    const { paymentIntentId } = await startGuestCheckout(app.app, email.toUpperCase(), cart);
    stripe.confirm(paymentIntentId);
    const res = await guestPlaceOrderCall(app.app, ` ${email} `, paymentIntentId).expect(201);
    expect(placeOrderResponseSchema.parse(res.body).order.email).toBe(email);
  });

  test('when neither a token nor an e-mail is sent, then 401 and no payment', async ({
    app,
    stripe,
  }) => {
    const { cart } = await createLampsAndDesk();
    const before = stripe.calls.create;
    const res = await app.http().post('/api/v1/order/create-payment-intent').send({ cart });
    expect(res.status).toBe(401);
    expect(stripe.calls.create).toBe(before);
    const place = await app
      .http()
      .post('/api/v1/order/place-order')
      .send({ payment: { id: 'pi_123' } });
    expect(place.status).toBe(401);
  });

  test('when the e-mail is not an e-mail, then 400 with the reason and no payment', async ({
    app,
    stripe,
  }) => {
    const { cart } = await createLampsAndDesk();
    const before = stripe.calls.create;
    const res = await guestPaymentIntentCall(app.app, 'not-an-email', cart).expect(400);
    expect(errorOf(res.body)).toBe('Email must be a valid e-mail address');
    expect(stripe.calls.create).toBe(before);
  });

  test("when another guest or an account asks to place a guest's payment, then 403 and the payment is left as it is", async ({
    app,
    stripe,
  }) => {
    const { cart, lamp } = await createLampsAndDesk();
    const email = guestEmail();
    const { paymentIntentId } = await startGuestCheckout(app.app, email, cart);
    stripe.confirm(paymentIntentId);

    const otherGuest = await guestPlaceOrderCall(app.app, guestEmail(), paymentIntentId);
    expect(otherGuest.status).toBe(403);
    const account = await createUser();
    const byAccount = await placeOrderCall(app.app, account.token, paymentIntentId);
    expect(byAccount.status).toBe(403);
    expect(stripe.get(paymentIntentId).status).toBe('requires_capture');
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(await stockOf(lamp.id)).toBe(5);

    await guestPlaceOrderCall(app.app, email, paymentIntentId).expect(201);
    const afterwards = await guestPlaceOrderCall(app.app, guestEmail(), paymentIntentId);
    expect(afterwards.status).toBe(403);
  });

  test("when a guest asks to place an account's payment, then 403", async ({ app, stripe }) => {
    const { cart } = await createLampsAndDesk();
    const account = await createUser();
    const { paymentIntentId } = await startCheckout(app.app, account.token, cart);
    stripe.confirm(paymentIntentId);
    const res = await guestPlaceOrderCall(app.app, guestEmail(), paymentIntentId);
    expect(res.status).toBe(403);
    expect(await ordersOf(paymentIntentId)).toBe(0);
  });

  test('when a signed-in shopper also sends an e-mail, then the account checks out', async ({
    app,
    stripe,
  }) => {
    const { cart } = await createLampsAndDesk();
    const account = await createUser();
    const { paymentIntentId } = await startCheckout(app.app, account.token, cart, {
      deliveryAddress: TEST_DELIVERY_ADDRESS,
      email: guestEmail(),
    });
    expect((await checkoutOfPayment(paymentIntentId)).shopper).toEqual({
      key: `account:${account.id}`,
      accountId: account.id,
      email: account.email.toLowerCase(),
    });
    stripe.confirm(paymentIntentId);
    const res = await placeOrderCall(app.app, account.token, paymentIntentId, {
      email: guestEmail(),
    }).expect(201);
    expect(placeOrderResponseSchema.parse(res.body).order.buyer?._id).toBe(account.id);
  });

  test('when a guest authorized the card and never came back, then the webhook places the order for their e-mail', async ({
    app,
    api,
    stripe,
  }) => {
    const { cart, lamp } = await createLampsAndDesk();
    const email = guestEmail();
    const { paymentIntentId } = await startGuestCheckout(app.app, email, cart);
    stripe.confirm(paymentIntentId);
    await deliverAuthorized(api, stripe, paymentIntentId).expect(200);

    const stored = await findOrderOfPayment(paymentIntentId);
    expect(stored).toMatchObject({ buyerId: null, email, payment: { success: true } });
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
    expect(await stockOf(lamp.id)).toBe(3);

    const res = await guestPlaceOrderCall(app.app, email, paymentIntentId).expect(200);
    expect(linkParts(res.body).number).toBe(String(stored?.number));
  });

  test("when an admin searches All Orders by a guest's e-mail or delivery name, then the guest's order comes, named by them", async ({
    app,
    api,
    admin,
    stripe,
  }) => {
    const { cart } = await createLampsAndDesk();
    const email = guestEmail();
    const { paymentIntentId } = await startGuestCheckout(app.app, email, cart);
    stripe.confirm(paymentIntentId);
    const placed = await guestPlaceOrderCall(app.app, email, paymentIntentId).expect(201);
    const { order } = placeOrderResponseSchema.parse(placed.body);

    for (const q of [email.slice(0, 12).toUpperCase(), 'ada lovelace']) {
      const res = await api
        .get('/api/v1/auth/all-orders')
        .query({ q })
        .set('Authorization', `Bearer ${admin.token}`)
        .expect(200);
      const found = ordersResponseSchema.parse(res.body).orders.map((o) => o._id);
      expect(found).toContain(order._id);
    }
    const csv = await api
      .get('/api/v1/auth/all-orders.csv')
      .query({ q: email })
      .set('Authorization', `Bearer ${admin.token}`)
      .expect(200);
    expect(csv.text).toContain(`${TEST_DELIVERY_ADDRESS.name},${email}`);
  });
});
