import supertest from 'supertest';
import { makeShirt, uniqueWord } from '../../test/catalogue.js';
import {
  availableOf,
  createProduct,
  placeOrderCall,
  TEST_DELIVERY_ADDRESS,
} from '../../test/checkout.js';
import { createDiscount, uniqueCode } from '../../test/discounts.js';
import { describe, expect, twoProcessTest as test } from '../../test/fixtures.js';
import { guestEmail, guestPlaceOrderCall } from '../../test/guest-checkout.js';
import { createUser, errorOf } from '../../test/harness.js';
import {
  DEFAULT_HOLD_BUDGETS,
  inTwoLines,
  paymentOf,
  startPaying,
} from '../../test/hold-budgets.js';

/**
 * What a shopper may hold while paying, over two API processes on one database with the
 * default budgets (50 units per shopper, 200 per client address): the audit's ways of closing
 * the shop with unpaid checkouts, each refused, and the holds of others left alone.
 */
test.override('appEnv', { scope: 'file' }, DEFAULT_HOLD_BUDGETS);
// The second process starts here, in the hook's time, not in the first test's.
test.beforeAll(async ({ otherUrl: _ }) => {});

const TOO_MANY_ITEMS = 'At most 50 items can be held for one shopper while paying';
const TOO_MANY_FROM_ADDRESS =
  'Too many items are held in checkouts from your network now; try again in a few minutes';
const codeHeldElsewhere = (code: string) =>
  `${code} is already held by another checkout of yours: finish that one, or try again in a few minutes`;

const answerOf = (res: { status: number; body: { message?: string } }) => ({
  status: res.status,
  message: res.body.message,
});

describe('holds a bot cannot turn into a closed shop, over two API processes', {
  timeout: 90_000,
}, () => {
  test('when a guest asks for every variant in stock at full quantity, each in two lines, then 429 says why and nothing is held; 50 units in two lines are held, and one more is refused by the other process', async ({
    app,
    otherUrl,
    category,
  }) => {
    const shirt = await makeShirt(category.id, [
      { size: 'S', colour: 'Black', price: 20, quantity: 10 },
      { size: 'M', colour: 'Black', price: 20, quantity: 20 },
      { size: 'L', colour: 'Black', price: 20, quantity: 30 },
    ]);
    const lamp = await createProduct({ quantity: 60 });
    const everything = [
      ...shirt.product.variants.flatMap((v) => inTwoLines(shirt.id, v._id, v.quantity)),
      ...inTwoLines(lamp.id, lamp.id, 60),
    ];
    const email = guestEmail();

    const all = await startPaying(app.app, { email }, everything);
    expect(answerOf(all)).toEqual({ status: 429, message: TOO_MANY_ITEMS });
    expect(await availableOf(shirt.id)).toBe(60);
    expect(await availableOf(lamp.id)).toBe(60);

    const fifty = await startPaying(otherUrl, { email }, inTwoLines(lamp.id, lamp.id, 50));
    expect(fifty.status).toBe(200);
    expect(await availableOf(lamp.id)).toBe(10);
    const secret = fifty.body.checkoutSecret;
    const more = await startPaying(app.app, { email, secret }, [
      ...inTwoLines(lamp.id, lamp.id, 50),
      { _id: shirt.id, variant: shirt.variant('S', 'Black')._id, quantity: 1 },
    ]);
    expect(answerOf(more)).toEqual({ status: 429, message: TOO_MANY_ITEMS });
    // Refused: the 50 held stay held.
    expect(await availableOf(lamp.id)).toBe(10);
    expect(await availableOf(shirt.id)).toBe(60);
  });

  test('when lines of one variant add up to more than 1000, then the quote and the payment refuse the cart with 400', async ({
    app,
    otherUrl,
  }) => {
    const lamp = await createProduct({ quantity: 5000 });
    const cart = [
      { _id: lamp.id, quantity: 1000 },
      { _id: lamp.id, quantity: 1 },
    ];
    const quote = await supertest(otherUrl)
      .post('/api/v1/order/quote')
      .send({ cart, deliveryAddress: TEST_DELIVERY_ADDRESS });
    const tooMany = `At most 1000 of ${lamp.name} can be bought at once`;
    expect(answerOf(quote)).toEqual({ status: 400, message: tooMany });
    const started = await startPaying(app.app, { email: guestEmail() }, cart);
    expect(answerOf(started)).toEqual({ status: 400, message: tooMany });
    expect(await availableOf(lamp.id)).toBe(5000);
  });

  test('when five guests behind one address ask for 50 units each at once, over both processes, then four are held and the fifth is refused with 429; a guest elsewhere is served, and units one of the four gives back serve the fifth', async ({
    app,
    otherUrl,
  }) => {
    const lamp = await createProduct({ quantity: 1000 });
    const from = '198.51.100.77';
    const guests = Array.from({ length: 5 }, () => guestEmail());
    const answers = await Promise.all(
      guests.map((email, i) =>
        startPaying(i % 2 ? otherUrl : app.app, { email }, [{ _id: lamp.id, quantity: 50 }], {
          from,
        }),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 429]);
    const refused = answers.findIndex((res) => res.status === 429);
    expect(errorOf(answers[refused]?.body)).toBe(TOO_MANY_FROM_ADDRESS);
    expect(await availableOf(lamp.id)).toBe(800);

    const elsewhere = startPaying(otherUrl, { email: guestEmail() }, [{ _id: lamp.id }], {
      from: '198.51.100.78',
    });
    expect((await elsewhere).status).toBe(200);

    // One of the four starts again for 10 units: the 40 it gives back are the address's again.
    const served = answers.findIndex((res) => res.status === 200);
    const fewer = await startPaying(
      app.app,
      { email: guests[served] as string, secret: answers[served]?.body.checkoutSecret },
      [{ _id: lamp.id, quantity: 10 }],
      { from },
    );
    expect(fewer.status).toBe(200);
    const fifth = await startPaying(
      otherUrl,
      { email: guests[refused] as string },
      [{ _id: lamp.id, quantity: 40 }],
      { from },
    );
    expect(fifth.status).toBe(200);
    expect(await availableOf(lamp.id)).toBe(1000 - 200 - 1);
  });

  test('when one e-mail, in three spellings and without its checkout’s secret, starts three payments with a code of 3 uses, then it holds one use, and two other shoppers have the other two', async ({
    app,
    otherUrl,
    api,
    admin,
  }) => {
    const code = uniqueCode('THREE');
    await createDiscount(api, admin, { code, kind: 'fixed', value: 1, usageLimit: 3 });
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const local = uniqueWord();
    const spellings = [
      `${local}@gmail.com`,
      `${local.toUpperCase()}+two@gmail.com`,
      `${local.slice(0, 3)}.${local.slice(3)}+3@googlemail.com`,
    ];
    const answers = [];
    for (const [i, email] of spellings.entries()) {
      answers.push(
        await startPaying(i % 2 ? otherUrl : app.app, { email }, [{ _id: lamp.id }], { code }),
      );
    }
    expect(answers.map(answerOf)).toEqual([
      { status: 200, message: undefined },
      { status: 429, message: codeHeldElsewhere(code) },
      { status: 429, message: codeHeldElsewhere(code) },
    ]);
    // With its secret, the same person starts again: their use is theirs still.
    const again = await startPaying(
      otherUrl,
      { email: spellings[1] as string, secret: answers[0]?.body.checkoutSecret },
      [{ _id: lamp.id, quantity: 2 }],
      { code },
    );
    expect(again.status).toBe(200);

    for (const target of [app.app, otherUrl]) {
      const someoneElse = await startPaying(target, { email: guestEmail() }, [{ _id: lamp.id }], {
        code,
      });
      expect(someoneElse.status).toBe(200);
    }
    const fourth = await startPaying(app.app, { email: guestEmail() }, [{ _id: lamp.id }], {
      code,
    });
    expect(answerOf(fourth)).toEqual({ status: 400, message: `${code} has been used up` });
  });

  test('when someone starts paying with a guest’s e-mail, without their checkout’s secret or with a wrong one, then the guest’s unit stays theirs and they pay for it', async ({
    app,
    otherUrl,
    stripe,
  }) => {
    const lamp = await createProduct({ quantity: 1 });
    const desk = await createProduct({ quantity: 5 });
    const email = guestEmail();
    const guest = await startPaying(app.app, { email }, [{ _id: lamp.id }]);
    expect(guest.status).toBe(200);

    const attacker = { from: '198.51.100.99' };
    for (const secret of [undefined, 'A'.repeat(32)]) {
      const named = await startPaying(otherUrl, { email, secret }, [{ _id: desk.id }], attacker);
      expect(named.status).toBe(200);
    }
    const third = await startPaying(otherUrl, { email: guestEmail() }, [{ _id: lamp.id }]);
    expect(answerOf(third)).toEqual({ status: 409, message: `${lamp.name} is out of stock` });

    const paymentIntentId = paymentOf(guest.body);
    stripe.confirm(paymentIntentId);
    await guestPlaceOrderCall(otherUrl, email, paymentIntentId).expect(201);
    expect(await availableOf(lamp.id)).toBe(0);
  });

  test('when a guest starting again asks for a code limited per customer whose use their account holds, then 400 and the unit they held stays theirs', async ({
    app,
    otherUrl,
    api,
    admin,
  }) => {
    const code = uniqueCode('ONCE');
    await createDiscount(api, admin, { code, kind: 'fixed', value: 1, perCustomerLimit: 1 });
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const desk = await createProduct({ price: 10, quantity: 1 });
    const email = guestEmail();
    const account = await createUser({ email });
    const withCode = await startPaying(app.app, { token: account.token }, [{ _id: lamp.id }], {
      code,
    });
    expect(withCode.status).toBe(200);

    // The same person as a guest: their account's checkout holds their one use of the code.
    const held = await startPaying(otherUrl, { email }, [{ _id: desk.id }]);
    expect(held.status).toBe(200);
    const again = await startPaying(
      app.app,
      { email, secret: held.body.checkoutSecret },
      [{ _id: desk.id }],
      { code },
    );
    expect(answerOf(again)).toEqual({ status: 400, message: `You are not eligible for ${code}` });
    const rival = await startPaying(otherUrl, { email: guestEmail() }, [{ _id: desk.id }]);
    expect(answerOf(rival)).toEqual({ status: 409, message: `${desk.name} is out of stock` });
  });

  test('when a shopper starting again is refused (fewer units left than asked, or too many items), then the hold they had stays theirs, and they pay for it', async ({
    app,
    otherUrl,
    stripe,
  }) => {
    const lamp = await createProduct({ quantity: 2 });
    const bulbs = await createProduct({ quantity: 100 });
    const buyer = await createUser();
    const first = await startPaying(app.app, { token: buyer.token }, [{ _id: lamp.id }]);
    expect(first.status).toBe(200);
    const rival = await createUser();
    const rivalAsks = () =>
      startPaying(app.app, { token: rival.token }, [{ _id: lamp.id, quantity: 2 }]);
    const oneLeft = { status: 409, message: `Only 1 of ${lamp.name} left in stock` };

    // Their own unit counts as theirs: two could be had, not five.
    const five = await startPaying(otherUrl, { token: buyer.token }, [
      { _id: lamp.id, quantity: 5 },
    ]);
    expect(answerOf(five)).toEqual({
      status: 409,
      message: `Only 2 of ${lamp.name} left in stock`,
    });
    expect(answerOf(await rivalAsks())).toEqual(oneLeft);

    const tooMany = await startPaying(otherUrl, { token: buyer.token }, [
      { _id: bulbs.id, quantity: 51 },
    ]);
    expect(answerOf(tooMany)).toEqual({ status: 429, message: TOO_MANY_ITEMS });
    expect(answerOf(await rivalAsks())).toEqual(oneLeft);
    expect(await availableOf(bulbs.id)).toBe(100);

    const paymentIntentId = paymentOf(first.body);
    stripe.confirm(paymentIntentId);
    await placeOrderCall(otherUrl, buyer.token, paymentIntentId).expect(201);
  });
});
