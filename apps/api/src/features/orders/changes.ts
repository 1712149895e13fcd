import type { OrderStatus } from '@shop/contracts';
import { add, type Minor } from '../../lib/money.js';
import { publishWith } from '../../lib/outbox/index.js';
import {
  ORDER_CANCELLED,
  ORDER_IMPORTED,
  ORDER_PLACED,
  ORDER_REFUNDED,
  ORDER_STATUS_CHANGED,
  type OrderEvent,
  type OrderEventType,
  snapshotOf,
  snapshotOfNew,
} from './events.js';
import {
  type NewOrder,
  type OrderActor,
  type Shipment,
  type StoredOrder,
  shipmentOf,
} from './order.js';
import { findStoredOrder } from './repository/reads.js';
import { recordRefundDone, recordStripeRefund } from './repository/refund-writes.js';
import {
  type AnnouncedWrite,
  type AsRead,
  claimOrder,
  isClosed,
  newOrderId,
  recordCancelled,
  recordImportedOrder,
  recordPaid,
  recordStatus,
} from './repository/writes.js';

/**
 * The changes of an order that others hear of (./events.ts): each is one guarded update of the
 * order that records its event, published first through the outbox. The event says what the
 * order was before and is after, so the update is made only while the order is as read; one
 * that moved meanwhile (another admin, a placement) is read again and tried again.
 */

/** More than any race of admins and placements on one order makes. */
const TRIES = 10;

/**
 * Publishes the change of `order` into `after` as `type` (with the shipment it gave, or the refund
 * done, if any),
 * made by `write` while the order is as read. 'moved' when it was not (read it again).
 */
const announce = <Outcome extends string>(
  type: OrderEventType,
  order: StoredOrder,
  after: StoredOrder,
  write: (as: AsRead, eventId: string) => Promise<Outcome>,
  shipment: Shipment = {},
  refund?: OrderEvent['refund'],
) => {
  const as = { status: order.status, paid: order.payment.success, refunded: order.refundedDone };
  const given = shipmentOf(shipment);
  const payload: OrderEvent = {
    orderId: order._id,
    before: as,
    order: snapshotOf(after),
    ...(Object.keys(given).length > 0 ? { shipment: given } : {}),
    ...(refund ? { refund } : {}),
  };
  return publishWith(
    { type, source: order._id, payload },
    (eventId) => write(as, eventId),
    (outcome) => outcome === 'done',
  );
};

/**
 * Reads the order and tries `attempt` on it until it no longer answers 'moved'; the first try on
 * `known` when the caller holds the order as it just wrote it (no read).
 */
async function untilSettled<Outcome extends string>(
  orderId: string,
  attempt: (order: StoredOrder | null) => Promise<Outcome | 'moved'>,
  known?: StoredOrder,
): Promise<Outcome> {
  for (let tried = 0; tried < TRIES; tried += 1) {
    const order = tried === 0 && known ? known : await findStoredOrder(orderId);
    const outcome = await attempt(order);
    if (outcome !== 'moved') return outcome;
  }
  throw new Error(`order ${orderId} kept changing under its write`);
}

/**
 * Marks the checkout's order paid under the holder of `fence` (`recorded`: the order as the
 * placement recorded it, when it did, which spares a read), announcing `order.placed` (the
 * buyer's confirmation, the sales figures). The order as it is now stored, paid, by this call
 * or an earlier one; null when it is gone or a later holder of the payment's lock wrote it.
 */
export async function markOrderPaid(
  orderId: string,
  fence: number,
  recorded?: StoredOrder,
): Promise<StoredOrder | null> {
  let paidNow: StoredOrder | null = null;
  const outcome = await untilSettled<AnnouncedWrite | 'paid before'>(
    orderId,
    async (order) => {
      if (!order) return 'refused';
      if (order.payment.success) return 'paid before';
      const at = new Date();
      const paid: StoredOrder = {
        ...order,
        payment: { ...order.payment, success: true, status: 'succeeded' },
        updatedAt: at.toISOString(),
      };
      let recordedEvent = '';
      const written = await announce(ORDER_PLACED, order, paid, (as, event) => {
        recordedEvent = event;
        return recordPaid(orderId, fence, as, event, at);
      });
      if (written === 'done') paidNow = { ...paid, events: [...order.events, recordedEvent] };
      return written;
    },
    recorded,
  );
  if (outcome === 'paid before') return claimOrder(orderId, fence);
  return outcome === 'done' ? paidNow : null;
}

/**
 * Cancels the order under the holder of `fence`, announcing `order.cancelled` (the buyer's
 * e-mail, the figures), with the timeline's entry naming `by`. Whether it is cancelled, by
 * this call or an earlier one; false when it is gone or a later holder of the lock wrote it.
 */
export async function markOrderCancelled(
  orderId: string,
  fence: number,
  by: OrderActor,
): Promise<boolean> {
  const outcome = await untilSettled<AnnouncedWrite | 'cancelled before'>(orderId, (order) => {
    if (!order) return Promise.resolve('refused');
    if (order.status === 'cancel') return Promise.resolve('cancelled before');
    return announce(ORDER_CANCELLED, order, { ...order, status: 'cancel' }, (as, event) =>
      recordCancelled(orderId, fence, as, event, by),
    );
  });
  return outcome !== 'refused';
}

/**
 * Sets the order's status label (not a cancellation: see change-order-status.ts), announcing
 * `order.status-changed` with the timeline's entry naming `by` and holding `shipment` (given
 * with `Shipped`): 'updated', 'unchanged' (it had that status already: no event, no entry),
 * 'closed' (cancelled with its money or units given back: it stays so), or 'missing'.
 */
export function setOrderStatus(
  orderId: string,
  status: OrderStatus,
  by: OrderActor,
  shipment: Shipment = {},
): Promise<'updated' | 'unchanged' | 'closed' | 'missing'> {
  return untilSettled(orderId, async (order) => {
    if (!order) return 'missing';
    if (order.status === status) return 'unchanged';
    if (isClosed(order)) return 'closed';
    const outcome = await announce(
      ORDER_STATUS_CHANGED,
      order,
      { ...order, status },
      (as, event) => recordStatus(orderId, status, as, event, by, shipment),
      shipment,
    );
    return outcome === 'done' ? 'updated' : outcome;
  });
}

/** 'done' when a refund's write was made, 'moved' when the order was not as read. */
const doneOrMoved = async (write: Promise<boolean>) => ((await write) ? 'done' : 'moved');

/**
 * Marks the shop's pending refund done with Stripe's refund id, announcing `order.refunded`
 * (the buyer's e-mail, the figures net of it): 'done', 'done before' (a retry, or the webhook
 * of its Stripe refund), or 'missing' (the order, or the refund, is gone).
 */
export function markRefundDone(
  orderId: string,
  refund: { _id: string; stripeRefund: string },
  ofCancellation: boolean,
): Promise<'done' | 'done before' | 'missing'> {
  return untilSettled(orderId, async (order) => {
    const pending = order?.refunds.find((r) => r._id === refund._id);
    if (!order || !pending) return 'missing';
    if (pending.status === 'done') return 'done before';
    const { amount } = pending;
    const after = { ...order, refundedDone: add(order.refundedDone, amount) };
    return announce(
      ORDER_REFUNDED,
      order,
      after,
      (as, event) => doneOrMoved(recordRefundDone(orderId, { ...refund, amount }, as, event)),
      {},
      { _id: refund._id, amount, ...(ofCancellation ? { ofCancellation: true as const } : {}) },
    );
  });
}

/**
 * Records a refund made in Stripe's dashboard, announcing `order.refunded`, once per Stripe
 * refund: 'done', 'done before', or 'missing' (no such order).
 */
export function recordDashboardRefund(
  orderId: string,
  refund: { stripeRefund: string; amount: Minor; reason: string },
): Promise<'done' | 'done before' | 'missing'> {
  return untilSettled(orderId, async (order) => {
    if (!order) return 'missing';
    if (order.refunds.some((r) => r._id === refund.stripeRefund)) return 'done before';
    const after = { ...order, refundedDone: add(order.refundedDone, refund.amount) };
    return announce(
      ORDER_REFUNDED,
      order,
      after,
      (as, event) => doneOrMoved(recordStripeRefund(orderId, refund, as, event)),
      {},
      { _id: refund.stripeRefund, amount: refund.amount },
    );
  });
}

/**
 * Writes an order whole, as it is (demo data, an import), announcing `order.imported` (the
 * figures count it; nobody is e-mailed), unless its payment has one already: its id, or null.
 */
export async function insertOrder(order: NewOrder): Promise<string | null> {
  const orderId = newOrderId();
  const createdAt = order.createdAt ?? new Date();
  const payload: OrderEvent = { orderId, before: null, order: snapshotOfNew(order, createdAt) };
  return publishWith(
    { type: ORDER_IMPORTED, source: orderId, payload },
    (eventId) => recordImportedOrder(orderId, order, createdAt, eventId),
    (id) => id !== null,
  );
}
