import { createPaymentIntentResponseSchema, quoteResponseSchema } from '@shop/contracts';
import supertest from 'supertest';
import { availableOf, createProduct, TEST_DELIVERY_ADDRESS } from '../../test/checkout.js';
import { createDiscount, uniqueCode } from '../../test/discounts.js';
import { describe, expect, type FakeStripe, twoProcessTest as test } from '../../test/fixtures.js';
import { guestEmail } from '../../test/guest-checkout.js';
import { createUser, errorOf } from '../../test/harness.js';

// The second process starts here, in the hook's time, not in the first test's.
test.beforeAll(async ({ otherUrl: _ }) => {});

type Target = Parameters<typeof supertest>[0];
/** An account by its token, or a guest by the e-mail they give. */
type Who = { token: string } | { email: string };

const as = <R extends { set: (k: string, v: string) => R }>(req: R, who: Who) =>
  'token' in who ? req.set('Authorization', `Bearer ${who.token}`) : req;
const emailOf = (who: Who) => ('email' in who ? { email: who.email } : {});

const startPaying = (target: Target, who: Who, productId: string, code: string | null) =>
  as(
    supertest(target)
      .post('/api/v1/order/create-payment-intent')
      .send({
        cart: [{ _id: productId }],
        deliveryAddress: TEST_DELIVERY_ADDRESS,
        ...(code ? { discountCode: code } : {}),
        ...emailOf(who),
      }),
    who,
  );

/** Starts paying, authorizes and places; place-order must answer 201. */
async function buy(target: Target, stripe: FakeStripe, who: Who, productId: string, code: string) {
  const started = await startPaying(target, who, productId, code).expect(200);
  const { clientSecret } = createPaymentIntentResponseSchema.parse(started.body);
  const paymentIntentId = clientSecret.split('_secret_')[0] as string;
  stripe.confirm(paymentIntentId);
  await as(
    supertest(target)
      .post('/api/v1/order/place-order')
      .send({ payment: { id: paymentIntentId, status: 'requires_capture' }, ...emailOf(who) }),
    who,
  ).expect(201);
}

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

const notEligible = (code: string) => `You are not eligible for ${code}`;

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
    await buy(app.app, stripe, { email: customer }, lamp.id, once);
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
    await buy(app.app, stripe, { token: account.token }, lamp.id, once);

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
    await buy(app.app, stripe, { email: email.replace('@', '+shop@') }, lamp.id, once);
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
