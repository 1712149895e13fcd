import type { Order } from '@shop/contracts';
import { findPopulatedOrders, toOrder } from './model.js';

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
