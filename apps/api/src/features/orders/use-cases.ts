import { type ListQuery, type Order, pageOffset } from '@shop/contracts';
import type mongoose from 'mongoose';
import { findPopulatedOrders, type OrderDoc, OrderModel, toOrder } from './model.js';

async function pageOfOrders(filter: mongoose.RootFilterQuery<OrderDoc>, query: ListQuery) {
  const [orders, total] = await Promise.all([
    findPopulatedOrders(filter).skip(pageOffset(query)).limit(query.perPage),
    OrderModel.countDocuments(filter),
  ]);
  return { orders: orders.map(toOrder), total };
}

/** One page of a signed-in user's own orders, newest first. */
export const listOrdersOf = (buyerId: string, query: ListQuery) =>
  pageOfOrders({ buyer: buyerId }, query);

/** One page of every order of the shop, newest first (admin view). */
export const listAllOrders = (query: ListQuery) => pageOfOrders({}, query);

/** One order in its response shape, or null when it does not exist. */
export async function findOrder(orderId: string): Promise<Order | null> {
  const [order] = await findPopulatedOrders({ _id: orderId });
  return order ? toOrder(order) : null;
}
