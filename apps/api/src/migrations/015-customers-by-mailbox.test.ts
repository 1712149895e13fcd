import mongoose from 'mongoose';
import { uniqueWord } from '../test/catalogue.js';
import { createProduct, TEST_DELIVERY_ADDRESS } from '../test/checkout.js';
import { createDiscount, uniqueCode } from '../test/discounts.js';
import { describe, expect, checkoutTest as test } from '../test/fixtures.js';
import { guestEmail, guestPlaceOrderCall, startGuestCheckout } from '../test/guest-checkout.js';
import { createUser, errorOf, unknownId } from '../test/harness.js';
import { runMigration } from '../test/migrations.js';
import {
  forgetOrderMailbox,
  insertCustomerUsesBySpelling,
  insertOrderBeforeGuests,
} from '../test/raw-documents.js';
import { migration } from './015-customers-by-mailbox.js';

const customerUses = () =>
  mongoose.connection.collection<{
    _id: string;
    discountId: string;
    count: number;
    taken: number;
    payments: string[];
  }>('discount_customer_uses');

describe('migration 015: orders and per-customer uses counted by mailbox', () => {
  test('when uses were counted per spelling and orders have no mailbox, and two processes run it at once, then each person’s uses are one count, every order has its mailbox, and a +tag is refused as the person it is; run again, nothing', async ({
    app,
    api,
    admin,
    stripe,
  }) => {
    const lamp = await createProduct({ price: 10, quantity: 10 });
    const once = await createDiscount(api, admin, {
      code: uniqueCode('ONCE'),
      kind: 'fixed',
      value: 1,
      perCustomerLimit: 3,
    });
    const first = await createDiscount(api, admin, {
      code: uniqueCode('FIRST'),
      kind: 'fixed',
      value: 2,
      firstOrderOnly: true,
    });
    // One person: an account, its own e-mail as a guest and a +tag, each counted apart until now.
    const local = `p${uniqueWord()}`;
    const account = await createUser({ email: `${local}@gmail.com` });
    const bySpelling = [
      { shopper: `guest:${local}@gmail.com`, payments: ['pi_a'] },
      { shopper: `guest:${local}+1@gmail.com`, payments: ['pi_b'] },
      { shopper: `account:${account.id}`, payments: ['pi_c'] },
      { shopper: 'guest:someone@example.com', payments: ['pi_d', 'pi_e'] },
      { shopper: `account:${unknownId()}`, payments: ['pi_f'] },
      { shopper: 'guest:given-back@example.com', payments: [] },
    ];
    for (const uses of bySpelling) {
      await insertCustomerUsesBySpelling({ discountId: once._id, ...uses });
    }
    // A guest's order, and an account's order placed before orders recorded an e-mail.
    const guest = guestEmail();
    const { paymentIntentId } = await startGuestCheckout(app.app, guest, [{ _id: lamp.id }]);
    stripe.confirm(paymentIntentId);
    const placed = await guestPlaceOrderCall(app.app, guest, paymentIntentId).expect(201);
    await forgetOrderMailbox(placed.body.order._id);
    const earlier = await createUser({ email: `q${uniqueWord()}@gmail.com` });
    await insertOrderBeforeGuests({
      buyer: earlier.id,
      number: 900_000 + Math.floor(Math.random() * 99_999),
    });

    const runs = await Promise.all([runMigration(migration), runMigration(migration)]);

    const said = runs.flatMap((run) => run.lines);
    expect(said).toContainEqual(expect.stringMatching(/^\d orders given the mailbox/));
    expect(said).toContainEqual(expect.stringMatching(/^\d shoppers' uses of discounts counted/));
    expect(said).toContainEqual("1 deleted accounts' uses of discounts dropped");
    const stored = await customerUses().find({ discountId: once._id }).sort({ _id: 1 }).toArray();
    expect(
      stored.map(({ _id, count, taken, payments }) => ({
        _id,
        count,
        taken,
        payments: [...payments].sort(),
      })),
    ).toEqual([
      {
        _id: `${once._id}:${local}@gmail.com`,
        count: 3,
        taken: 3,
        payments: ['pi_a', 'pi_b', 'pi_c'],
      },
      {
        _id: `${once._id}:someone@example.com`,
        count: 2,
        taken: 2,
        payments: ['pi_d', 'pi_e'],
      },
    ]);

    const pay = (email: string, code: string) =>
      api
        .post('/api/v1/order/create-payment-intent')
        .send({
          cart: [{ _id: lamp.id }],
          deliveryAddress: TEST_DELIVERY_ADDRESS,
          discountCode: code,
          email,
        })
        .expect(400);
    const notEligible = (code: string | null) => `You are not eligible for ${code}`;
    expect(errorOf((await pay(`${local}+9@gmail.com`, once.code ?? '')).body)).toBe(
      notEligible(once.code),
    );
    for (const orderedBefore of [guest, earlier.email]) {
      const tagged = orderedBefore.replace('@', '+again@');
      expect(errorOf((await pay(tagged, first.code ?? '')).body)).toBe(notEligible(first.code));
    }

    expect((await runMigration(migration)).lines).toEqual([]);
  });
});
