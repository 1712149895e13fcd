import { isAdmin, type ListQuery, type Order, type User } from '@shop/contracts';
import {
  type AllOrdersQuery,
  type OrderFilter,
  orderNumberSearched,
} from '@shop/contracts/order-filter';
import { findUserIdsMatching } from '../auth/index.js';
import type { OrderSelection, StoredOrder } from './order.js';
import { orderAnswers } from './presenter.js';
import { findOrderByNumber, findStoredOrder, listOrders } from './repository/reads.js';

/** How many buyers a search by e-mail or name looks for at most. */
const SEARCHED_BUYERS_MAX = 1000;

/**
 * The orders an admin's filter selects: of one status, and of a number (`1042`, `#1042`) or of
 * the buyers whose e-mail or name holds the text searched (a guest's: the order's e-mail and
 * delivery name).
 */
export async function selectionOf({ status, q }: OrderFilter): Promise<OrderSelection> {
  if (q === undefined) return { status };
  const buyerIds = await findUserIdsMatching(q, SEARCHED_BUYERS_MAX);
  return { status, search: { number: orderNumberSearched(q), buyerIds, text: q } };
}

async function pageOfOrders(of: OrderSelection, query: ListQuery) {
  const { orders, total } = await listOrders(of, query);
  return { orders: await orderAnswers(orders), total };
}

/** One page of a signed-in user's own orders, newest first. */
export const listOrdersOf = (buyerId: string, query: ListQuery) => pageOfOrders({ buyerId }, query);

/** One page of the shop's orders, filtered, newest first (admin view). */
export const listAllOrders = async ({ status, q, ...page }: AllOrdersQuery) =>
  pageOfOrders(await selectionOf({ status, q }), page);

/** One order in its response shape, or null when it does not exist. */
export async function findOrder(orderId: string): Promise<Order | null> {
  const stored = await findStoredOrder(orderId);
  return stored ? ((await orderAnswers([stored]))[0] ?? null) : null;
}

/** The order as its writer holds it, in its response shape, with its buyer's name as known. */
export async function orderAnswerOf(
  stored: StoredOrder,
  buyerNames: ReadonlyMap<string, string>,
): Promise<Order> {
  return (await orderAnswers([stored], buyerNames))[0] as Order;
}

/**
 * The order of that number as `reader` may see it: its buyer, or an admin; null for
 * anyone else, as for a number that names no order, so a number tells nothing of other
 * people's orders.
 */
export async function findOrderByNumberFor(reader: User, number: number): Promise<Order | null> {
  const stored = await findOrderByNumber(number);
  if (!stored || (!isAdmin(reader) && stored.buyerId !== reader._id)) return null;
  return (await orderAnswers([stored]))[0] ?? null;
}
