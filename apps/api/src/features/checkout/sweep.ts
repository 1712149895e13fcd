import { isPaymentBusy, underPaymentLock } from '../../lib/payment-lock.js';
import { runRegularly } from '../../lib/regularly.js';
import { callStripe, isFreePayment, type Payments, releasePayment } from '../../lib/stripe.js';
import { giveBackCustomerUses } from '../discounts/index.js';
import { findOrderOfPayment, removeOrder } from '../orders/index.js';
import { freePaymentOf, wasRefunded } from './authorization.js';
import type { Checkout } from './checkout.js';
import { removeEmptyBudgets } from './hold-budgets.js';
import { buyerOf, PLACEABLE, placeUnderLock } from './place-order.js';
import { expiredCheckouts, findCheckout, releaseCheckout } from './repository.js';
import { releaseReservation } from './steps/reserve.js';

/**
 * The sweep of expired checkouts: every process, every SWEEP_EVERY_MS, ends the checkouts
 * whose reservation expired (CHECKOUT_HOLD_SECONDS) and that nobody placed, each once whoever
 * sweeps too. One whose payment was authorized but never placed (the browser closed, no
 * webhook) is placed, as the webhook would; any other is ended and what it holds given back:
 * its reservation, and its payment's authorization (cancelled), so that none outlives its hold.
 * A checkout a placement died in the middle of is taken over once its lease runs out: finished
 * past the capture, else undone.
 */

const SWEEP_EVERY_MS = 2_000;
/** Checkouts ended per sweep, soonest expired first; the next sweep takes the next ones. */
const BATCH = 20;

/**
 * Ends a checkout without an order: what a placement that died before the capture did is undone
 * as its steps' compensations would (see placeUnderLock), each doing nothing when there is
 * nothing to undo: the payment released, its order removed, the shopper's uses of limited codes
 * given back, the reservation released.
 */
async function abandon(payments: Payments, checkout: Checkout, fence: number) {
  const paymentIntentId = checkout.paymentIntentId as string;
  await releasePayment(payments, paymentIntentId);
  // The order of a placement that died before the capture; kept when an admin cancelled it.
  // Only a placing checkout can have one (it is claimed before its order is recorded), so the
  // abandoned carts, open, skip the lookup: by `payment.id`, a nested field, which the embedded
  // FerretDB answers by reading every order (0.5 s at 10,000 orders).
  const unfinished =
    checkout.status === 'placing' ? await findOrderOfPayment(paymentIntentId) : null;
  if (unfinished && !unfinished.payment.success && unfinished.status !== 'cancel') {
    await removeOrder(unfinished._id, fence);
  }
  await giveBackCustomerUses(paymentIntentId);
  await releaseReservation(checkout.reservation);
  await releaseCheckout(checkout._id, ['open', 'placing']);
}

/** Places or ends one expired checkout under its payment's lock, unless someone holds it now. */
async function endExpired(payments: Payments | null, checkout: Checkout): Promise<void> {
  const paymentIntentId = checkout.paymentIntentId;
  if (!paymentIntentId || !payments) {
    // Its start died before making a payment, or the shop takes none: only the reservation is left.
    const ended = await releaseCheckout(checkout._id, 'open');
    if (ended) await releaseReservation(ended.reservation);
    return;
  }
  await underPaymentLock(
    paymentIntentId,
    async (lease) => {
      const current = await findCheckout(checkout._id);
      if (!current || (current.status !== 'open' && current.status !== 'placing')) return;
      // A payment of nothing is placed only when its shopper asked to (their checkout placing).
      const intent = isFreePayment(paymentIntentId)
        ? freePaymentOf(current, current.status === 'placing')
        : await callStripe(() => payments.stripe.paymentIntents.retrieve(paymentIntentId));
      const paid =
        PLACEABLE.has(intent.status) &&
        !(intent.status === 'succeeded' && (await wasRefunded(payments, intent.id)));
      if (!paid || !current.deliveryAddress) return abandon(payments, current, lease.token);
      await placeUnderLock({
        payments,
        intent,
        lease,
        checkout: current,
        buyer: await buyerOf(current.shopper),
        deliveryAddress: current.deliveryAddress,
        save: current.saveAddress,
      });
    },
    undefined,
    { waitMs: 0 },
  );
}

/**
 * Ends every checkout expired by `now` (BATCH at a time), in whichever process runs it, then
 * removes the budgets of holds left holding nothing (./hold-budgets.ts): how many it tried.
 */
export async function sweepExpiredCheckouts(
  payments: Payments | null,
  now = new Date(),
  onError: (err: unknown) => void = () => {},
): Promise<number> {
  const expired = await expiredCheckouts(now, BATCH);
  for (const checkout of expired) {
    // Busy: placed or taken over by someone now; a later sweep looks again.
    await endExpired(payments, checkout).catch((err: unknown) => {
      if (!isPaymentBusy(err)) onError(err);
    });
  }
  await removeEmptyBudgets(now);
  return expired.length;
}

/**
 * Sweeps every few seconds in this process (every process does: each checkout is ended once).
 * A checkout whose lock is held now (a placement under way, or one that died: its lease runs
 * out in seconds) is left for a later sweep.
 */
export const sweepExpiredCheckoutsRegularly = (
  payments: Payments | null,
  onError: (err: unknown) => void,
) =>
  runRegularly(SWEEP_EVERY_MS, () => sweepExpiredCheckouts(payments, new Date(), onError), onError);
