import type { OrderStatus } from '@shop/contracts';
import mongoose from 'mongoose';
import { OrderModel } from './model.js';

/**
 * Every write of an order, and the reads of its stored state that the checkout and an
 * admin's status change need: the payments feature reaches orders only through these.
 */

/** A line as the order records it: the unit price and name at the time of purchase. */
export interface OrderLine {
  productId: string;
  name: string;
  price: number;
  quantity: number;
}

export interface NewOrder {
  lines: readonly OrderLine[];
  /** The PaymentIntent: one order per payment. */
  payment: { id: string; status: string; amount: number; currency: string };
  buyer: { _id: string; address?: string };
}

/** What the checkout needs of the order already recorded for a payment, if any. */
export interface OrderOfPayment {
  _id: string;
  buyer: string;
  lines: OrderLine[];
}

/** What a status change needs of an order as stored. */
export interface StoredOrderState {
  _id: string;
  paymentId: string;
  refunded: boolean;
  stockReturned: boolean;
  status: OrderStatus;
  lines: OrderLine[];
}

type LineDoc = Omit<OrderLine, 'productId'> & { productId: unknown };
const toLine = (line: LineDoc): OrderLine => ({ ...line, productId: String(line.productId) });

/** Writes the order with an id chosen here, so that a write whose answer is lost is removed too. */
export async function recordOrder({ lines, payment, buyer }: NewOrder): Promise<string> {
  const _id = new mongoose.Types.ObjectId();
  await OrderModel.create({
    _id,
    products: lines.map(({ productId, name, price, quantity }) => ({
      productId,
      name,
      price,
      quantity,
    })),
    payment: { ...payment, success: false },
    buyer: buyer._id,
    address: buyer.address,
    status: 'Not Process',
  }).catch(async (err: unknown) => {
    await removeOrder(String(_id)).catch(() => {});
    throw err;
  });
  return String(_id);
}

export async function removeOrder(orderId: string): Promise<void> {
  await OrderModel.deleteOne({ _id: orderId });
}

export async function markOrderPaid(orderId: string): Promise<void> {
  await OrderModel.updateOne(
    { _id: orderId },
    { $set: { 'payment.success': true, 'payment.status': 'succeeded' } },
  );
}

export async function findOrderOfPayment(paymentIntentId: string): Promise<OrderOfPayment | null> {
  const order = await OrderModel.findOne({ 'payment.id': paymentIntentId })
    .select('buyer products')
    .lean();
  return order
    ? { _id: String(order._id), buyer: String(order.buyer), lines: order.products.map(toLine) }
    : null;
}

/** The id of the order's payment, or null when the order does not exist. */
export async function paymentIdOfOrder(orderId: string): Promise<string | null> {
  const order = await OrderModel.findById(orderId).select('payment.id').lean();
  // Every order has its payment (the schema requires it).
  return order?.payment?.id ?? null;
}

export async function findOrderState(orderId: string): Promise<StoredOrderState | null> {
  const order = await OrderModel.findById(orderId).lean();
  if (!order?.payment) return null;
  return {
    _id: String(order._id),
    paymentId: order.payment.id,
    refunded: order.payment.refunded ?? false,
    stockReturned: order.stockReturned ?? false,
    // The model's enum admits only ORDER_STATUSES.
    status: order.status as OrderStatus,
    lines: order.products.map(toLine),
  };
}

export async function setOrderStatus(orderId: string, status: OrderStatus): Promise<void> {
  await OrderModel.updateOne({ _id: orderId }, { $set: { status } });
}

/** Records that a cancellation gave the order's money back. */
export async function markOrderRefunded(orderId: string): Promise<void> {
  await OrderModel.updateOne({ _id: orderId }, { $set: { 'payment.refunded': true } });
}

/** Records that a cancellation put the order's units back in stock. */
export async function markOrderStockReturned(orderId: string): Promise<void> {
  await OrderModel.updateOne({ _id: orderId }, { $set: { stockReturned: true } });
}
