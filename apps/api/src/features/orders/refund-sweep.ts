import { AppError, toAppError } from '../../lib/errors.js';
import { withLock } from '../../lib/locks.js';
import { type Payments, refundPayment } from '../../lib/stripe.js';
import { markRefundDone } from './changes.js';
import type { StoredOrder, StoredRefund } from './order.js';
import { heldWorth } from './refund-amounts.js';
import { CANCELLATION_REASON } from './refund-order.js';
import { findStoredOrder, ordersWithPendingRefunds } from './repository/reads.js';
import {
  forgetFinishedRefund,
  giveBackRefund,
  unmarkRefundsListed,
} from './repository/refund-writes.js';

/**
 * A refund is held on the order before Stripe is asked (./refund-order.ts); a process that died
 * before Stripe answered leaves it pending, holding money nobody could refund again. Once it is
 * older than STALE_REFUND_MS (no call to Stripe takes that long), the sweep asks Stripe again
 * under the same idempotency key (`refund:<id>`: Stripe answers with the refund it made, if it
 * made one, so nothing is refunded twice) and marks it done, or gives the hold back when Stripe
 * refuses it. The order lists its pending refunds' ids (`pendingRefunds`), and is marked
 * (`refundsListed`) for the sweep to find it; the sweep takes the mark off once the list is empty.
 * Stripe unavailable leaves it pending for a later sweep. One process at a time acts
 * on a refund: under its lock.
 */

export const STALE_REFUND_MS = 5 * 60_000;
/** Orders looked at per sweep, oldest first; the next sweep takes the next ones. */
const BATCH = 20;

const refundBusy = () => new AppError(503, 'This refund is being finished elsewhere');

/** A cancellation's refund sends no e-mail of its own once its order is cancelled. */
const isCancellations = (order: StoredOrder, refund: StoredRefund) =>
  order.status === 'cancel' && refund.reason === CANCELLATION_REASON;

/** Asks Stripe again for the refund, if it is still pending, and records what Stripe says. */
async function finishRefund(payments: Payments, orderId: string, refundId: string) {
  const order = await findStoredOrder(orderId);
  const refund = order?.refunds.find((r) => r._id === refundId && r.status === 'pending');
  if (!order) return;
  if (!refund) return forgetFinishedRefund(orderId, refundId);
  let stripeRefund: string;
  try {
    stripeRefund = await refundPayment(payments, order.payment.id, refund.amount, refundId);
  } catch (err) {
    // Unavailable (502): maybe refunded, maybe not; the next sweep asks again.
    if (toAppError(err).status >= 500) throw err;
    await giveBackRefund(orderId, refundId, heldWorth(order, refund));
    return;
  }
  await markRefundDone(orderId, { _id: refundId, stripeRefund }, isCancellations(order, refund));
}

/**
 * Finishes the refunds pending since before `now` less STALE_REFUND_MS, each under its lock
 * (one held elsewhere is left for a later sweep): how many it tried.
 */
export async function sweepStaleRefunds(
  payments: Payments,
  now = new Date(),
  onError: (err: unknown) => void = () => {},
): Promise<number> {
  const staleBefore = now.getTime() - STALE_REFUND_MS;
  // A listed refund no longer pending (ended by an earlier version) is only taken off the list.
  const isYoung = (refund: StoredRefund | undefined) =>
    refund?.status === 'pending' && new Date(refund.at).getTime() >= staleBefore;
  let tried = 0;
  for (const { order, pending } of await ordersWithPendingRefunds(BATCH)) {
    if (pending.length === 0) {
      await unmarkRefundsListed(order._id).catch(onError);
      continue;
    }
    const due = pending.filter((id) => !isYoung(order.refunds.find((r) => r._id === id)));
    for (const refundId of due) {
      tried += 1;
      await withLock(`refund:${refundId}`, () => finishRefund(payments, order._id, refundId), {
        waitMs: 0,
        busy: refundBusy,
      }).catch((err: unknown) => {
        if (!(err instanceof AppError && err.message === refundBusy().message)) onError(err);
      });
    }
  }
  return tried;
}
