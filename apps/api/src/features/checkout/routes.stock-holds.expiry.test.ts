import { errorResponseSchema } from '@shop/contracts';
import {
  availableOf,
  createProduct,
  placeOrderCall,
  startCheckout,
  stockOf,
} from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';

// Holds of two seconds: they expire while the test runs; nothing sweeps them but checkouts.
test.override('appEnv', { scope: 'file' }, { CHECKOUT_HOLD_SECONDS: '2' });

const tryToPay = (target: Parameters<typeof startCheckout>[0], token: string, productId: string) =>
  startCheckout(target, token, [{ _id: productId }]).then(
    (started) => started,
    () => null,
  );

describe('stock holds that expire (CHECKOUT_HOLD_SECONDS=2)', () => {
  test('when a hold expires unpaid, then its units go to the next shopper, and the late payment is refused with its card released', async ({
    app,
    stripe,
  }) => {
    const lamp = await createProduct({ quantity: 1 });
    const first = await createUser();
    const late = await startCheckout(app.app, first.token, [{ _id: lamp.id }]);
    expect(await availableOf(lamp.id)).toBe(0);

    // The next shopper is refused while the hold lives, and served once it has expired.
    const next = await createUser();
    expect(await tryToPay(app.app, next.token, lamp.id)).toBeNull();
    await expect
      .poll(() => tryToPay(app.app, next.token, lamp.id), { timeout: 15_000, interval: 250 })
      .not.toBeNull();

    stripe.confirm(late.paymentIntentId);
    const res = await placeOrderCall(app.app, first.token, late.paymentIntentId).expect(409);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      `${lamp.name} is out of stock; your card was not charged`,
    );
    expect(stripe.get(late.paymentIntentId).status).toBe('canceled');
    expect(stripe.capturesOf(late.paymentIntentId)).toBe(0);
    expect(await stockOf(lamp.id)).toBe(1);
  });

  test('when a payment arrives after its hold expired and the units are still there, then the order is placed', async ({
    app,
    stripe,
  }) => {
    const lamp = await createProduct({ quantity: 3 });
    const buyer = await createUser();
    const { paymentIntentId } = await startCheckout(app.app, buyer.token, [
      { _id: lamp.id, quantity: 2 },
    ]);
    // Another checkout of the lamp sweeps the expired hold: its units are for sale again.
    const other = await createUser();
    await expect
      .poll(
        async () => {
          await tryToPay(app.app, other.token, lamp.id);
          return availableOf(lamp.id);
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe(2);

    stripe.confirm(paymentIntentId);
    await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(201);
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
    // 3 less the 2 sold (the other shopper's unit held or, its hold expired, for sale).
    expect(await stockOf(lamp.id)).toBe(1);
  });
});
