import type { Order, OrderStatus } from '@shop/contracts';
import { conflict, notFound } from '../../lib/errors.js';
import { findOrder } from '../orders/index.js';
import { OrderModel } from '../orders/model.js';
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
  const known = await OrderModel.findById(orderId).select('payment.id').lean();
  // Every order has its payment (the schema requires it).
  if (!known?.payment) throw notFound('Order not found');
  await underPaymentLock(known.payment.id, async () => {
    const order = await OrderModel.findById(orderId).lean();
    if (!order) throw notFound('Order not found');
    if (status === 'cancel') return cancel(payments, order);
    if (order.status === 'cancel' && (order.payment?.refunded || order.stockReturned)) {
      throw conflict(
        'This order was cancelled and its payment given back; it cannot be reopened, the buyer can order again',
      );
    }
    await OrderModel.updateOne({ _id: orderId }, { $set: { status } });
  });
  const order = await findOrder(orderId);
  if (!order) throw notFound('Order not found');
  return order;
}

type StoredOrder = NonNullable<Awaited<ReturnType<typeof readOrder>>>;
const readOrder = (orderId: string) => OrderModel.findById(orderId).lean();

/**
 * Money back first (the authorization cancelled, or the charge refunded), then the units
 * back in stock, then the status. Each part is recorded on the order once done, so a
 * second cancellation changes nothing, and one interrupted half-way (Stripe unavailable:
 * 502 and nothing changed) is finished by cancelling again.
 */
async function cancel(payments: Payments | null, order: StoredOrder): Promise<void> {
  const { _id, payment } = order;
  if (payment && !payment.refunded) {
    if (!payments) throw paymentsNotConfigured();
    await releasePayment(payments, payment.id);
    await OrderModel.updateOne({ _id }, { $set: { 'payment.refunded': true } });
  }
  if (!order.stockReturned) {
    // Marked before: a crash in between leaves units uncounted, never counted twice.
    await OrderModel.updateOne({ _id }, { $set: { stockReturned: true } });
    await giveBackStock(
      order.products.map((line) => ({
        productId: String(line.productId),
        quantity: line.quantity,
      })),
    );
  }
  if (order.status !== 'cancel')
    await OrderModel.updateOne({ _id }, { $set: { status: 'cancel' } });
}
