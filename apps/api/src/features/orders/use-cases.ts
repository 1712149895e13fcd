import type { Order, OrderStatus } from '@shop/contracts';
import { notFound } from '../../lib/errors.js';
import { findPopulatedOrders, OrderModel, toOrder } from './model.js';

/** A signed-in user's own orders, newest first. */
export async function listOrdersOf(buyerId: string): Promise<Order[]> {
  return (await findPopulatedOrders({ buyer: buyerId })).map(toOrder);
}

/** Every order of the shop, newest first (admin view). */
export async function listAllOrders(): Promise<Order[]> {
  return (await findPopulatedOrders({})).map(toOrder);
}

/** One order in its response shape, or null when it does not exist. */
export async function findOrder(orderId: string): Promise<Order | null> {
  const [order] = await findPopulatedOrders({ _id: orderId });
  return order ? toOrder(order) : null;
}

/** Any status may follow any other: the admin screen offers no restriction. */
export async function updateOrderStatus(orderId: string, status: OrderStatus): Promise<Order> {
  // updateOne + read back instead of findByIdAndUpdate: FerretDB v1 lacks projected findAndModify.
  const { matchedCount } = await OrderModel.updateOne({ _id: orderId }, { $set: { status } });
  const order = matchedCount ? await findOrder(orderId) : null;
  if (!order) throw notFound('Order not found');
  return order;
}
