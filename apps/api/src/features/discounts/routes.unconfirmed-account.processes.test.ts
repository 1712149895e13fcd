import { quoteResponseSchema } from '@shop/contracts';
import supertest from 'supertest';
import { availableOf, createProduct } from '../../test/checkout.js';
import { buy, notEligible, startPaying, type Target } from '../../test/discount-shoppers.js';
import { createDiscount, uniqueCode } from '../../test/discounts.js';
import { describe, expect, twoProcessTest as test } from '../../test/fixtures.js';
import { guestEmail } from '../../test/guest-checkout.js';
import { createUser, errorOf } from '../../test/harness.js';

// The second process starts here, in the hook's time, not in the first test's.
test.beforeAll(async ({ otherUrl: _ }) => {});

/** The quote of one unit with the code, as the account asks for it. */
const quoteAs = async (target: Target, token: string, productId: string, code: string) =>
  quoteResponseSchema.parse(
    (
      await supertest(target)
        .post('/api/v1/order/quote')
        .set('Authorization', `Bearer ${token}`)
        .send({
          cart: [{ _id: productId }],
          deliveryAddress: { country: 'DE' },
          discountCode: code,
        })
        .expect(200)
    ).body,
  );

/** A first-order code and a code of one use per customer, both of 1.00 off. */
async function codesLimitedPerCustomer(
  api: Parameters<typeof createDiscount>[0],
  admin: { token: string },
) {
  const first = uniqueCode('FIRST');
  await createDiscount(api, admin, { code: first, kind: 'fixed', value: 1, firstOrderOnly: true });
  const once = uniqueCode('ONCE');
  await createDiscount(api, admin, { code: once, kind: 'fixed', value: 1, perCustomerLimit: 1 });
  return { first, once };
}

describe('an account whose e-mail is not confirmed, over two API processes', () => {
  test('when it registered a guest customer’s e-mail and quotes a first-order code and a code the customer used, then it is answered as an account of a mailbox that never bought (applies at checkout if eligible); paying refuses it in the same words for either, before anything is held or charged', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const { first, once } = await codesLimitedPerCustomer(api, admin);
    const customer = guestEmail();
    expect(await buy(app.app, stripe, { email: customer }, lamp.id, once)).toEqual({ status: 201 });
    const registrant = await createUser({ email: customer });
    const stranger = await createUser({ email: guestEmail() });

    for (const code of [first, once]) {
      const asRegistrant = await quoteAs(app.app, registrant.token, lamp.id, code);
      const asStranger = await quoteAs(other, stranger.token, lamp.id, code);
      expect(asRegistrant, code).toEqual(asStranger);
      expect(asRegistrant, code).toMatchObject({
        discounts: [{ code }],
        discountRefusal: null,
        discountNotice: `${code} applies at checkout if eligible`,
      });
    }

    const available = await availableOf(lamp.id);
    const paymentsBefore = stripe.calls.create;
    for (const code of [first, once]) {
      const paying = await startPaying(other, { token: registrant.token }, lamp.id, code);
      expect({ status: paying.status, message: errorOf(paying.body) }, code).toEqual({
        status: 400,
        message: notEligible(code),
      });
    }
    expect(await availableOf(lamp.id)).toBe(available);
    expect(stripe.calls.create).toBe(paymentsBefore);
    await startPaying(app.app, { token: stranger.token }, lamp.id, first).expect(200);
  });

  test('when it has ordered with its own account, then its quote refuses a first-order code and a code it used up, saying why, as before', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const { first, once } = await codesLimitedPerCustomer(api, admin);
    const account = await createUser();
    expect(await buy(app.app, stripe, { token: account.token }, lamp.id, once)).toEqual({
      status: 201,
    });

    expect(await quoteAs(other, account.token, lamp.id, first)).toMatchObject({
      discountRefusal: `${first} is for first orders`,
      discountNotice: null,
    });
    expect(await quoteAs(other, account.token, lamp.id, once)).toMatchObject({
      discountRefusal: `You have used ${once} as many times as it allows`,
      discountNotice: null,
    });
  });

  test('when it has ordered with its own account without the code, then its quote and its payment take a code of one use per customer', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const { once } = await codesLimitedPerCustomer(api, admin);
    const account = await createUser();
    expect(await buy(app.app, stripe, { token: account.token }, lamp.id, null)).toEqual({
      status: 201,
    });

    expect(await quoteAs(other, account.token, lamp.id, once)).toMatchObject({
      discounts: [{ code: once }],
      discountRefusal: null,
    });
    expect(await buy(other, stripe, { token: account.token }, lamp.id, once)).toEqual({
      status: 201,
    });
    expect(await quoteAs(app.app, account.token, lamp.id, once)).toMatchObject({
      discountRefusal: `You have used ${once} as many times as it allows`,
    });
  });
});

describe('an account whose e-mail is confirmed, over two API processes', () => {
  test('when its mailbox bought as a guest, then its quote refuses a first-order code and a code the guest used up, saying why, as the mailbox is proven its own', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const { first, once } = await codesLimitedPerCustomer(api, admin);
    const email = guestEmail();
    expect(
      await buy(app.app, stripe, { email: email.replace('@', '+shop@') }, lamp.id, once),
    ).toEqual({ status: 201 });
    const account = await createUser({ email, confirmed: true });

    expect(await quoteAs(other, account.token, lamp.id, first)).toMatchObject({
      discountRefusal: `${first} is for first orders`,
      discountNotice: null,
    });
    expect(await quoteAs(other, account.token, lamp.id, once)).toMatchObject({
      discountRefusal: `You have used ${once} as many times as it allows`,
      discountNotice: null,
    });
  });
});
