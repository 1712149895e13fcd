import { errorResponseSchema } from '@shop/contracts';
import { createPayments } from '../../lib/stripe.js';
import {
  availableOf,
  checkoutOfPayment,
  createProduct,
  leaveUncapturedOrder,
  ordersOf,
  placeOrderCall,
  startCheckout,
  stockOf,
} from '../../test/checkout.js';
import { checkoutTest, describe, expect } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';
import { sweepExpiredCheckoutsRegularly } from './sweep.js';

// Checkouts of two seconds: they expire while the test runs, and the sweep every API process
// runs ends them, as in production.
const test = checkoutTest.extend<{ $file: { sweepErrors: unknown[] } }>({
  sweepErrors: [
    async ({ app }, use) => {
      const errors: unknown[] = [];
      const stop = sweepExpiredCheckoutsRegularly(createPayments(app.config), (err) => {
        errors.push(err);
      });
      await use(errors);
      await stop();
    },
    { scope: 'file', auto: true },
  ],
});
test.afterEach(({ sweepErrors }) => {
  expect(sweepErrors).toEqual([]);
});
test.override('appEnv', { scope: 'file' }, { CHECKOUT_HOLD_SECONDS: '2' });

const tryToPay = (target: Parameters<typeof startCheckout>[0], token: string, productId: string) =>
  startCheckout(target, token, [{ _id: productId }]).then(
    (started) => started,
    () => null,
  );

describe('checkouts that expire (CHECKOUT_HOLD_SECONDS=2), swept as every API process sweeps them', () => {
  test('when a checkout expires unpaid, then its units go to the next shopper and its payment is cancelled: paying late is refused and charges nothing', async ({
    app,
    stripe,
  }) => {
    const lamp = await createProduct({ quantity: 1 });
    // Both signed up first: the checkout lives two seconds, however slow a sign-up is here.
    const [first, next] = await Promise.all([createUser(), createUser()]);
    const late = await startCheckout(app.app, first.token, [{ _id: lamp.id }]);
    expect(await availableOf(lamp.id)).toBe(0);

    // The next shopper is refused while the checkout lives, and served once it has ended.
    expect(await tryToPay(app.app, next.token, lamp.id)).toBeNull();
    await expect
      .poll(() => tryToPay(app.app, next.token, lamp.id), { timeout: 15_000, interval: 250 })
      .not.toBeNull();

    expect(stripe.get(late.paymentIntentId).status).toBe('canceled');
    const res = await placeOrderCall(app.app, first.token, late.paymentIntentId).expect(402);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'The payment has not succeeded (status: canceled)',
    );
    expect(stripe.capturesOf(late.paymentIntentId)).toBe(0);
    expect(await ordersOf(late.paymentIntentId)).toBe(0);
    // The next shopper's unit, held for them.
    expect(await stockOf(lamp.id)).toBe(1);
  });

  test('when a card authorized in time is never placed by the browser, then the sweep places its order once the checkout expires', async ({
    app,
    stripe,
  }) => {
    const lamp = await createProduct({ quantity: 3 });
    const buyer = await createUser();
    const { paymentIntentId } = await startCheckout(app.app, buyer.token, [
      { _id: lamp.id, quantity: 2 },
    ]);
    stripe.confirm(paymentIntentId);

    // Placed: the checkout names its order once the order is paid and its units sold.
    await expect
      .poll(async () => (await checkoutOfPayment(paymentIntentId)).status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe('placed');
    expect(await ordersOf(paymentIntentId)).toBe(1);
    expect(stripe.capturesOf(paymentIntentId)).toBe(1);
    expect(stripe.get(paymentIntentId).status).toBe('succeeded');
    expect(await stockOf(lamp.id)).toBe(1);
    await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(200);
  });

  test('when a placement died after the capture and the merchant refunded the payment before the sweep, then the sweep ends the checkout: no order, the units back, refunded once', async ({
    app,
    stripe,
  }) => {
    const lamp = await createProduct({ quantity: 3 });
    const buyer = await createUser();
    const { paymentIntentId } = await startCheckout(app.app, buyer.token, [
      { _id: lamp.id, quantity: 2 },
    ]);
    stripe.confirm(paymentIntentId);
    await leaveUncapturedOrder(paymentIntentId, buyer);
    stripe.update(paymentIntentId, { status: 'succeeded' });
    stripe.refundFromDashboard(paymentIntentId);

    await expect
      .poll(async () => (await checkoutOfPayment(paymentIntentId)).status, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe('released');
    expect(await ordersOf(paymentIntentId)).toBe(0);
    expect(await availableOf(lamp.id)).toBe(3);
    expect(stripe.refundedOf(paymentIntentId)).toBe(stripe.get(paymentIntentId).amount);
  });
});
