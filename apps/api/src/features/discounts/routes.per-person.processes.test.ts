import { quoteResponseSchema } from '@shop/contracts';
import supertest from 'supertest';
import { uniqueWord } from '../../test/catalogue.js';
import { createProduct, expireAndSweepCheckouts } from '../../test/checkout.js';
import {
  buy,
  notEligible,
  startPaying,
  type Target,
  type Who,
} from '../../test/discount-shoppers.js';
import { createDiscount, uniqueCode } from '../../test/discounts.js';
import { describe, expect, twoProcessTest as test } from '../../test/fixtures.js';
import { guestEmail } from '../../test/guest-checkout.js';
import { createUser } from '../../test/harness.js';
import { listOrdersOfProduct } from '../orders/repository/reads.js';

// The second process starts here, in the hook's time, not in the first test's (30 s at load 17).
test.beforeAll(async ({ otherUrl: _ }) => {});

const ordersWith = async (productId: string, code: string) =>
  (await listOrdersOfProduct(productId)).filter((order) =>
    order.breakdown?.discounts?.some((discount) => discount.code === code),
  ).length;

/** A Gmail mailbox no other test uses: its local part, which has no dot. */
const gmailLocal = () => `p${uniqueWord()}`;

describe('codes limited per customer, over two API processes', () => {
  test('when a customer and a stranger quote a first-order code and a code limited per customer with their e-mail, then both get the same answer: the code taken off, and that it applies at checkout if eligible', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const first = uniqueCode('FIRST');
    await createDiscount(api, admin, {
      code: first,
      kind: 'fixed',
      value: 2,
      firstOrderOnly: true,
    });
    const once = uniqueCode('ONCE');
    await createDiscount(api, admin, { code: once, kind: 'fixed', value: 1, perCustomerLimit: 1 });
    const customer = guestEmail();
    expect(await buy(app.app, stripe, { email: customer }, lamp.id, once)).toEqual({ status: 201 });

    const quote = (target: Target, email: string, code: string) =>
      supertest(target)
        .post('/api/v1/order/quote')
        .send({
          cart: [{ _id: lamp.id }],
          deliveryAddress: { country: 'DE' },
          discountCode: code,
          email,
        })
        .expect(200);
    for (const code of [first, once]) {
      const asCustomer = (await quote(app.app, customer, code)).body;
      const asStranger = (await quote(other, guestEmail(), code)).body;
      expect(asCustomer, code).toEqual(asStranger);
      expect(quoteResponseSchema.parse(asStranger), code).toMatchObject({
        discounts: [{ code }],
        discountRefusal: null,
        discountNotice: `${code} applies at checkout if eligible`,
      });
    }
  });

  test('when one person pays with a code limited to one use per customer under six spellings, one after the other, then one order carries it and the five others are refused before paying', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const once = uniqueCode('ONCE');
    await createDiscount(api, admin, { code: once, kind: 'fixed', value: 1, perCustomerLimit: 1 });
    const local = gmailLocal();
    const account = await createUser({ email: `${local}@gmail.com`, confirmed: true });
    const spellings: [string, Who][] = [
      ['a +tag', { email: `${local}+1@gmail.com` }],
      ['the account', { token: account.token }],
      ['the account’s e-mail as a guest', { email: `${local}@gmail.com` }],
      ['another +tag', { email: `${local}+2@gmail.com` }],
      ['Gmail’s dots', { email: `p.${local.slice(1, 5)}.${local.slice(5)}@gmail.com` }],
      ['googlemail in capitals', { email: `${local.toUpperCase()}@GoogleMail.com` }],
    ];

    const outcomes: Record<string, { status: number; message?: string }> = {};
    for (const [i, [spelling, who]] of spellings.entries()) {
      outcomes[spelling] = await buy(i % 2 ? other : app.app, stripe, who, lamp.id, once);
    }

    expect(outcomes).toEqual({
      'a +tag': { status: 201 },
      // The account, its e-mail confirmed, is told its limit; a guest's e-mail is not known to be
      // theirs.
      'the account': {
        status: 400,
        message: `You have used ${once} as many times as it allows`,
      },
      'the account’s e-mail as a guest': { status: 400, message: notEligible(once) },
      'another +tag': { status: 400, message: notEligible(once) },
      'Gmail’s dots': { status: 400, message: notEligible(once) },
      'googlemail in capitals': { status: 400, message: notEligible(once) },
    });
    expect(await ordersWith(lamp.id, once)).toBe(1);
  });

  test('when a person who has ordered pays with a first-order code under a +tag of their e-mail, then they are refused before paying, and a newcomer is not', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const first = uniqueCode('FIRST');
    await createDiscount(api, admin, {
      code: first,
      kind: 'fixed',
      value: 2,
      firstOrderOnly: true,
    });
    const email = guestEmail();
    expect(await buy(app.app, stripe, { email }, lamp.id, null)).toEqual({ status: 201 });

    const again = await startPaying(
      other,
      { email: email.replace('@', '+again@') },
      lamp.id,
      first,
    );
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 400,
      message: notEligible(first),
    });
    await startPaying(other, { email: guestEmail() }, lamp.id, first).expect(200);
  });

  test('when an account and a guest with a +tag of its e-mail pay with a code of one use per customer at once, on two processes, then each person gets one use: one payment, one order, the other refused before paying', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const PEOPLE = 6;
    const lamp = await createProduct({ price: 10, quantity: 2 * PEOPLE });
    const once = uniqueCode('ONCE');
    await createDiscount(api, admin, { code: once, kind: 'fixed', value: 1, perCustomerLimit: 1 });
    const people = await Promise.all(
      Array.from({ length: PEOPLE }, async () => {
        const local = gmailLocal();
        const account = await createUser({ email: `${local}@gmail.com` });
        return [{ token: account.token }, { email: `${local}+again@gmail.com` }] as const;
      }),
    );
    const paymentsBefore = stripe.calls.create;

    const outcomes = await Promise.all(
      people.map(([account, guest]) =>
        Promise.all([
          buy(app.app, stripe, account, lamp.id, once),
          buy(other, stripe, guest, lamp.id, once),
        ]),
      ),
    );

    for (const pair of outcomes) {
      expect(pair.map((outcome) => outcome.status).sort()).toEqual([201, 400]);
    }
    expect(await ordersWith(lamp.id, once)).toBe(PEOPLE);
    expect(stripe.calls.create - paymentsBefore).toBe(PEOPLE);
  });

  test('when an account starts paying with a code of one use per customer twice (its first checkout replaced), then its own first checkout does not refuse it, and its order carries the code', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const once = uniqueCode('ONCE');
    await createDiscount(api, admin, { code: once, kind: 'fixed', value: 1, perCustomerLimit: 1 });
    const account = { token: (await createUser()).token };

    await startPaying(app.app, account, lamp.id, once).expect(200);
    expect(await buy(other, stripe, account, lamp.id, once)).toEqual({ status: 201 });
    expect(await ordersWith(lamp.id, once)).toBe(1);
  });

  test('when a person’s checkout holding their one use ends unpaid (expired and swept), then the use is theirs again, under another spelling too', async ({
    app,
    api,
    admin,
    stripe,
    otherUrl: other,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const once = uniqueCode('ONCE');
    await createDiscount(api, admin, { code: once, kind: 'fixed', value: 1, perCustomerLimit: 1 });
    const local = gmailLocal();
    const account = { token: (await createUser({ email: `${local}@gmail.com` })).token };
    const guest = { email: `${local}+later@gmail.com` };

    await startPaying(app.app, account, lamp.id, once).expect(200);
    await startPaying(other, guest, lamp.id, once).expect(400);
    await expireAndSweepCheckouts(app.config);

    expect(await buy(other, stripe, guest, lamp.id, once)).toEqual({ status: 201 });
    expect(await ordersWith(lamp.id, once)).toBe(1);
  });
});
