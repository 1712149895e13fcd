import type { Order, OrderStatus } from '@shop/contracts';
import { conflict, notFound } from '../../lib/errors.js';
import {
  findOrder,
  findOrderState,
  markOrderRefunded,
  markOrderStockReturned,
  paymentIdOfOrder,
  type StoredOrderState,
  setOrderStatus,
} from '../orders/index.js';
import { giveBackStock } from '../products/index.js';
import { releasePayment } from './authorization.js';
import { underPaymentLock } from './payment-lock.js';
import { type Payments, paymentsNotConfigured } from './stripe-client.js';

/**
 * An admin's change of an order's status, under the lock of the order's payment, so that
 * it neither races the placement still capturing it nor a second cancellation. Setting
 * 'cancel' gives the money and the units back (see cancel). An order whose cancellation gave
 * them back stays cancelled: reopening it is refused with 409. One labelled 'cancel' without
 * giving anything back (an unpaid order, or one recorded so by an earlier version) is only a
 * label, and may be set to another status.
 */
export async function changeOrderStatus(
  payments: Payments | null,
  orderId: string,
  status: OrderStatus,
): Promise<Order> {
  const paymentId = await paymentIdOfOrder(orderId);
  if (!paymentId) throw notFound('Order not found');
  await underPaymentLock(paymentId, async () => {
    const order = await findOrderState(orderId);
    if (!order) throw notFound('Order not found');
    if (status === 'cancel') return cancel(payments, order);
    if (order.status === 'cancel' && (order.refunded || order.stockReturned)) {
      throw conflict(
        'This order was cancelled and its payment given back; it cannot be reopened, the buyer can order again',
      );
    }
    await setOrderStatus(orderId, status);
  });
  const order = await findOrder(orderId);
  if (!order) throw notFound('Order not found');
  return order;
}

/**
 * Money back first (the authorization cancelled, or the charge refunded), then the units
 * back in stock, then the status. Each part is recorded on the order once done, so a
 * second cancellation changes nothing, and one interrupted half-way (Stripe unavailable:
 * 502 and nothing changed) is finished by cancelling again.
 */
async function cancel(payments: Payments | null, order: StoredOrderState): Promise<void> {
  if (!order.refunded) {
    if (!payments) throw paymentsNotConfigured();
    await releasePayment(payments, order.paymentId);
    await markOrderRefunded(order._id);
  }
  if (!order.stockReturned) {
    // Marked before: a crash in between leaves units uncounted, never counted twice.
    await markOrderStockReturned(order._id);
    await giveBackStock(order.lines);
  }
  if (order.status !== 'cancel') await setOrderStatus(order._id, 'cancel');
}
