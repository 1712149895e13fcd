import { createPayments } from '../../lib/stripe.js';
import {
  describe,
  expect,
  type FakeStripe,
  type TestApp,
  checkoutTest as test,
} from '../../test/fixtures.js';
import { listRefundAgain, storedDocument } from '../../test/raw-documents.js';
import { MUG, orderNow, paidOrder } from '../../test/refunds.js';
import { capturedOf, type RefundAsk, refundWorth } from './refund-amounts.js';
import { STALE_REFUND_MS, sweepStaleRefunds } from './refund-sweep.js';
import { findStoredOrder } from './repository/reads.js';
import { holdRefund, newRefundId } from './repository/refund-writes.js';

test.afterEach(({ stripe }) => stripe.heal());

/** Two mugs of the three: 6.67 of their 10.00. */
const TWO_MUGS: RefundAsk = {
  lines: [{ sku: MUG, quantity: 2 }],
  shipping: false,
  amount: 0 as RefundAsk['amount'],
  reason: 'Arrived broken',
};

/**
 * A paid order with what a process that died right after holding a refund leaves: the hold
 * taken, the refund pending, Stripe never asked. The app's payments, the order, its payment and
 * the refund.
 */
async function heldByADeadProcess(app: TestApp, stripe: FakeStripe, by: { id: string }) {
  const payments = createPayments(app.config);
  if (!payments) throw new Error('the test app takes no card payments');
  const orderId = await paidOrder(stripe);
  const order = await findStoredOrder(orderId);
  if (!order) throw new Error('the order is gone');
  const refundId = newRefundId();
  const held = await holdRefund(orderId, refundId, {
    worth: refundWorth(order, TWO_MUGS),
    ask: TWO_MUGS,
    by: { _id: by.id, name: 'Admin' },
    captured: capturedOf(order),
  });
  if (!held) throw new Error('the refund was not held');
  return { payments, orderId, paymentId: order.payment.id, refundId };
}

/** A moment at which a refund held now is stale. */
const later = () => new Date(Date.now() + STALE_REFUND_MS + 1_000);

/** What the order holds of its refunds, as stored (minor units). */
async function heldOf(orderId: string) {
  const order = await findStoredOrder(orderId);
  if (!order) throw new Error('the order is gone');
  const { refundHeld, refundedDone, refundedUnits, refunds } = order;
  return { refundHeld, refundedDone, refundedUnits, refunds: refunds.map((r) => r.status) };
}

describe('the sweep of refunds a crash left pending', () => {
  test('when a refund was held and its process died before asking Stripe, then a sweep once it is stale refunds it once and marks it done, however many sweep', async ({
    app,
    admin,
    stripe,
  }) => {
    const { payments, orderId, refundId } = await heldByADeadProcess(app, stripe, admin);

    const asked = stripe.calls.refund;

    // Two sweeps at once (two processes' workers), then one more.
    await Promise.all([sweepStaleRefunds(payments, later()), sweepStaleRefunds(payments, later())]);
    await sweepStaleRefunds(payments, later());

    const order = await orderNow(orderId);
    const made = stripe.refundsOf(order.payment.id);
    expect(made.map((r) => [r.amount, r.metadata])).toEqual([[667, { shop_refund: refundId }]]);
    expect(order.refunds?.map((r) => [r._id, r.amount, r.status, r.stripeRefund])).toEqual([
      [refundId, 6.67, 'done', made[0]?.id],
    ]);
    expect(await heldOf(orderId)).toEqual({
      refundHeld: 667,
      refundedDone: 667,
      refundedUnits: [2, 0],
      refunds: ['done'],
    });
    // Only one sweep asked Stripe: the others found it under its lock, or done.
    expect(stripe.calls.refund - asked).toBe(1);
    expect((await storedDocument('orders', orderId))?.pendingRefunds).toEqual([]);
  });

  test('when an order lists a refund an earlier version ended, then the sweep only takes it off the list', async ({
    app,
    admin,
    stripe,
  }) => {
    const { payments, orderId, refundId } = await heldByADeadProcess(app, stripe, admin);
    await sweepStaleRefunds(payments, later());
    await listRefundAgain(orderId, refundId);
    const asked = stripe.calls.refund;

    await sweepStaleRefunds(payments, later());

    expect(stripe.calls.refund).toBe(asked);
    expect((await storedDocument('orders', orderId))?.pendingRefunds).toEqual([]);
    expect(await heldOf(orderId)).toMatchObject({ refundedDone: 667, refunds: ['done'] });
  });

  test('when Stripe made the refund but its answer was lost, then the sweep asks again under the same key and records that one refund', async ({
    app,
    admin,
    stripe,
  }) => {
    const { payments, orderId, paymentId, refundId } = await heldByADeadProcess(app, stripe, admin);
    stripe.inject('refund', { kind: 'drop', afterDoing: true }, 3);
    await sweepStaleRefunds(payments, later());
    expect(stripe.refundsOf(paymentId)).toHaveLength(1);
    expect(await heldOf(orderId)).toMatchObject({ refunds: ['pending'] });

    await sweepStaleRefunds(payments, later());

    const made = stripe.refundsOf(paymentId);
    expect(made).toHaveLength(1);
    const order = await orderNow(orderId);
    expect(order.refunds?.map((r) => [r._id, r.status, r.stripeRefund])).toEqual([
      [refundId, 'done', made[0]?.id],
    ]);
    expect(stripe.refundedOf(paymentId)).toBe(667);
  });

  test('when Stripe refuses the stale refund, then its hold is given back and its units can be refunded again', async ({
    app,
    admin,
    stripe,
  }) => {
    const { payments, orderId, paymentId } = await heldByADeadProcess(app, stripe, admin);
    // Refunded whole in Stripe's dashboard meanwhile: Stripe refuses any more.
    stripe.refundFromDashboard(paymentId);

    await sweepStaleRefunds(payments, later());

    expect(await heldOf(orderId)).toEqual({
      refundHeld: 0,
      refundedDone: 0,
      refundedUnits: [0, 0],
      refunds: [],
    });
    expect(stripe.refundsOf(paymentId)).toHaveLength(1);
  });

  test('when Stripe is unavailable, or the refund is younger than a Stripe call could take, then the sweep leaves it pending', async ({
    app,
    admin,
    stripe,
  }) => {
    const { payments, orderId, paymentId } = await heldByADeadProcess(app, stripe, admin);
    const asked = stripe.calls.refund;

    await sweepStaleRefunds(payments, new Date());
    expect(stripe.calls.refund).toBe(asked);
    // The SDK retries twice: three failures make the call fail.
    stripe.inject('refund', { kind: 'status', status: 500 }, 3);
    const errors: unknown[] = [];
    await sweepStaleRefunds(payments, later(), (err) => errors.push(err));

    expect(errors).toHaveLength(1);
    expect(await heldOf(orderId)).toEqual({
      refundHeld: 667,
      refundedDone: 0,
      refundedUnits: [2, 0],
      refunds: ['pending'],
    });
    expect(stripe.refundedOf(paymentId)).toBe(0);
  });
});
