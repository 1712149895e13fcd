import type { Order, OrderRefund } from '@shop/contracts';
import { AppError, conflict, notFound, toAppError } from '../../lib/errors.js';
import { createPivotStep, createStep, runSteps } from '../../lib/steps.js';
import { type Payments, refundPayment, requirePayments } from '../../lib/stripe.js';
import { markRefundDone } from './changes.js';
import type { StoredOrder } from './order.js';
import {
  capturedOf,
  leftToRefund,
  type RefundAsk,
  type RefundWorth,
  refundWorth,
} from './refund-amounts.js';
import { findStoredOrder } from './repository/reads.js';
import {
  giveBackRefund,
  holdRefund,
  newRefundId,
  type RefundActor,
} from './repository/refund-writes.js';
import { findOrder } from './use-cases.js';

/**
 * A refund of an order, as a flow of steps (lib/steps.ts): it is held on the order first, as
 * pending, by one update made only while what refunds hold stays within what was captured (so
 * that no race of admins or processes gives back more); then Stripe refunds it, with an
 * idempotency key made of the refund's own id (the pivot: the money is back); then it is marked
 * done with Stripe's refund id, announcing `order.refunded`. Stripe refusing or unavailable
 * gives the hold back (502). Cancelling an order refunds what is left through the same flow.
 */

/** More than any race of refunds on one order makes a hold of lines try again. */
const TRIES = 10;

interface Held {
  order: StoredOrder;
  refundId: string;
  worth: RefundWorth;
  /** False when the refund was held before, by an earlier run under the same id: not ours to give back. */
  heldNow: boolean;
  /** That earlier run finished it. */
  doneBefore: boolean;
}

/**
 * Holds the refund `askOf` makes of the order as read (what it asks may depend on it: a
 * cancellation asks for what is left), reading again when the order changed under the hold.
 * A refund of a given id (a return's) held before is taken as it is, so that running it again
 * refunds it once.
 */
const holdRefundStep = createStep(
  'holdRefund',
  async ({
    orderId,
    askOf,
    by,
    givenId,
    mayRefund,
  }: {
    orderId: string;
    askOf: (order: StoredOrder) => RefundAsk;
    by: RefundActor;
    givenId?: string;
    mayRefund?: RefundCheck;
  }): Promise<Held> => {
    for (let tried = 0; tried < TRIES; tried += 1) {
      const order = await findStoredOrder(orderId);
      if (!order) throw notFound('Order not found');
      const before = order.refunds.find((r) => r._id === givenId);
      if (before) {
        const worth = { amount: before.amount, units: [], shipping: before.shipping };
        const doneBefore = before.status === 'done';
        return { order, refundId: before._id, worth, heldNow: false, doneBefore };
      }
      const ask = askOf(order);
      const worth = refundWorth(order, ask);
      mayRefund?.(worth.amount, order.payment.currency);
      const refundId = givenId ?? newRefundId();
      const captured = capturedOf(order);
      if (await holdRefund(orderId, refundId, { worth, ask, by, captured })) {
        return { order, refundId, worth, heldNow: true, doneBefore: false };
      }
    }
    throw conflict('The order kept changing under this refund, please try again');
  },
  ({ order, refundId, worth, heldNow }) =>
    heldNow ? giveBackRefund(order._id, refundId, worth) : Promise.resolve(false),
);

/** Stripe gives the money back: past this, the refund stands. */
const refundThroughStripe = (payments: Payments) =>
  createPivotStep('refundThroughStripe', async ({ order, refundId, worth }: Held) => {
    try {
      return await refundPayment(payments, order.payment.id, worth.amount, refundId);
    } catch (err) {
      const refused = toAppError(err);
      const message =
        refused.status === 502
          ? refused.message
          : `The payment provider refused the refund: ${refused.message}`;
      throw new AppError(502, message);
    }
  });

/** Marks it done; safe to run again (its Stripe refund's webhook finishes it otherwise). */
const markRefundDoneStep = createStep(
  'markRefundDone',
  (done: { orderId: string; refundId: string; stripeRefund: string; ofCancellation: boolean }) =>
    markRefundDone(
      done.orderId,
      { _id: done.refundId, stripeRefund: done.stripeRefund },
      done.ofCancellation,
    ),
);

/** Throws when the one who asks may not refund this much (minor units of `currency`) at once. */
export type RefundCheck = (amount: number, currency: string) => void;

/** What a refund is for: an admin's ask, a return's (under its id), or a cancellation's. */
interface RefundFor {
  askOf: (order: StoredOrder) => RefundAsk;
  by: RefundActor;
  ofCancellation: boolean;
  givenId?: string;
  mayRefund?: RefundCheck;
}

/** Runs the flow: the refund held, refunded by Stripe and marked done; its id. */
async function runRefund(
  payments: Payments,
  orderId: string,
  { askOf, by, ofCancellation, givenId, mayRefund }: RefundFor,
): Promise<string> {
  return runSteps(async (run) => {
    const held = await run(holdRefundStep, {
      orderId,
      askOf,
      by,
      ...(givenId ? { givenId } : {}),
      ...(mayRefund ? { mayRefund } : {}),
    });
    // Done by an earlier run under the same id: nothing more to ask of Stripe.
    if (held.doneBefore) return held.refundId;
    const stripeRefund = await run(refundThroughStripe(payments), held);
    const { refundId } = held;
    await run(markRefundDoneStep, { orderId, refundId, stripeRefund, ofCancellation });
    return refundId;
  });
}

/**
 * An admin's refund of an order, `askIn` its order's currency: the order as it is after, and
 * the refund. Given `refundId` (a return's), the refund has that id, and asking again refunds
 * it once.
 */
export async function refundOrder(
  payments: Payments | null,
  orderId: string,
  askIn: (currency: string) => RefundAsk,
  by: RefundActor,
  { refundId, mayRefund }: { refundId?: string; mayRefund?: RefundCheck | undefined } = {},
): Promise<{ order: Order; refund: OrderRefund }> {
  const configured = requirePayments(payments);
  const askOf = (order: StoredOrder) => askIn(order.payment.currency);
  const refundFor = {
    askOf,
    by,
    ofCancellation: false,
    ...(refundId ? { givenId: refundId } : {}),
    ...(mayRefund ? { mayRefund } : {}),
  };
  const doneId = await runRefund(configured, orderId, refundFor);
  const order = await findOrder(orderId);
  const refund = order?.refunds?.find((r) => r._id === doneId);
  if (!order || !refund) throw notFound('Order not found');
  return { order, refund };
}

/** The reason of a cancellation's refund: its buyer is told of it by the cancellation's e-mail. */
export const CANCELLATION_REASON = 'Order cancelled';

/**
 * Refunds what is left of the order's captured amount (nothing when nothing is), recorded as
 * every refund is: a cancellation's money back.
 */
export async function refundWhatIsLeft(
  payments: Payments,
  order: StoredOrder,
  by: RefundActor,
): Promise<void> {
  if (leftToRefund(order) <= 0) return;
  const askOf = (now: StoredOrder) => ({
    lines: [],
    shipping: false,
    amount: leftToRefund(now),
    reason: CANCELLATION_REASON,
  });
  await runRefund(payments, order._id, { askOf, by, ofCancellation: true });
}
