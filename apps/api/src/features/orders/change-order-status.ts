import type { Order, OrderStatus } from '@shop/contracts';
import { conflict, notFound } from '../../lib/errors.js';
import type { Lease } from '../../lib/locks.js';
import { underPaymentLock } from '../../lib/payment-lock.js';
import { type Payments, releasePayment, requirePayments } from '../../lib/stripe.js';
import { giveBackDiscountUses } from '../discounts/index.js';
import { giveBackStock } from '../products/index.js';
import { markOrderCancelled, setOrderStatus } from './changes.js';
import { type OrderActor, type Shipment, type StoredOrder, stockLinesOf } from './order.js';
import { refundWhatIsLeft } from './refund-order.js';
import { findStoredOrder } from './repository/reads.js';
import { claimOrder, markOrderRefunded, markOrderStockReturned } from './repository/writes.js';
import { findOrder } from './use-cases.js';

const orderNotFound = () => notFound('Order not found');

/**
 * An admin's change of an order's status. Setting 'cancel' gives the money and the units back
 * (see cancel). Any other status is one update that refuses an order whose cancellation gave
 * them back (409: it cannot be reopened). One labelled 'cancel' without giving anything back
 * (an unpaid order, or one recorded so by an earlier version) is only a label, and may be set
 * to another status. `shipment` is what the admin told of it with `Shipped` (the contract
 * refuses one with any other status).
 */
export async function changeOrderStatus(
  payments: Payments | null,
  orderId: string,
  status: OrderStatus,
  by: OrderActor,
  shipment: Shipment = {},
): Promise<Order> {
  if (status === 'cancel') await cancelOrder(payments, orderId, by);
  else {
    // The buyer is e-mailed the new status (not when it was the status already).
    const outcome = await setOrderStatus(orderId, status, by, shipment);
    if (outcome === 'missing') throw orderNotFound();
    if (outcome === 'closed') {
      throw conflict(
        'This order was cancelled and its payment given back; it cannot be reopened, the buyer can order again',
      );
    }
  }
  const order = await findOrder(orderId);
  if (!order) throw orderNotFound();
  return order;
}

/**
 * Under the lock of the order's payment, so that it neither races the placement still
 * capturing it nor a second cancellation; every write carries the lease's fencing token.
 */
async function cancelOrder(
  payments: Payments | null,
  orderId: string,
  by: OrderActor,
): Promise<void> {
  const stored = await findStoredOrder(orderId);
  if (!stored) throw orderNotFound();
  await underPaymentLock(stored.payment.id, async (lease) => {
    const order = await claimOrder(orderId, lease.token);
    if (order) return cancel(payments, order, lease, by);
    // Refused: a later holder of the lock has written it, unless it is gone.
    if (await findStoredOrder(orderId)) lease.abandon();
    throw orderNotFound();
  });
}

/**
 * Money back first (the authorization cancelled, or what is left of the charge refunded), then the units
 * back in stock, then the status. Each part is recorded on the order once done, so a
 * second cancellation changes nothing, and one interrupted half-way (Stripe unavailable:
 * 502 and nothing changed) is finished by cancelling again.
 */
async function cancel(
  payments: Payments | null,
  order: StoredOrder,
  lease: Lease,
  by: OrderActor,
): Promise<void> {
  const ensureWritten = async (write: Promise<boolean>) => (await write) || lease.abandon();
  if (!order.payment.refunded) {
    const configured = requirePayments(payments);
    lease.signal.throwIfAborted();
    // A captured payment is refunded as every refund is, recorded on the order; an
    // authorization (the placement died before the capture) is only cancelled.
    if (order.payment.success) await refundWhatIsLeft(configured, order, by);
    else await releasePayment(configured, order.payment.id);
    await ensureWritten(markOrderRefunded(order._id, lease.token));
  }
  // Only a paid order's units were taken: an order whose placement died before the capture
  // still has them reserved by its checkout, which gives them back when it ends. Marked
  // before, once: a crash in between leaves units uncounted, never counted twice.
  const unitsTaken = order.payment.success;
  if (
    unitsTaken &&
    !order.stockReturned &&
    (await markOrderStockReturned(order._id, lease.token))
  ) {
    await giveBackStock(stockLinesOf(order.lines));
  }
  // Given back once per payment, so giving back again (a second cancellation) changes nothing.
  await giveBackDiscountUses(
    (order.breakdown?.discounts ?? []).map((discount) => discount._id),
    order.payment.id,
  );
  // The buyer is e-mailed the cancellation and its refund, recorded with it, as is who did it.
  if (order.status !== 'cancel') {
    await ensureWritten(markOrderCancelled(order._id, lease.token, by));
  }
}
