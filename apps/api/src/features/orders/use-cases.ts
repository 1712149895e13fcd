import { isAdmin, type ListQuery, type Order, type User } from '@shop/contracts';
import { findUserNames } from '../auth/index.js';
import { findProductSummaries } from '../products/index.js';
import { findOrderByNumber, findStoredOrder, listOrders, type StoredOrder } from './repository.js';

/**
 * The one shape of an order in every response (orders, all-orders, order-status, place-order):
 * each line with what its product shows now (null once deleted), the buyer's name (null once the
 * account is gone).
 */
async function toOrders(stored: readonly StoredOrder[]): Promise<Order[]> {
  const [products, buyers] = await Promise.all([
    findProductSummaries([...new Set(stored.flatMap((o) => o.lines.map((l) => l.productId)))]),
    findUserNames([...new Set(stored.map((o) => o.buyerId))]),
  ]);
  return stored.map(({ lines, buyerId, stockReturned: _, events: __, ...order }) => {
    const buyerName = buyers.get(buyerId);
    return {
      ...order,
      products: lines.map((line) => ({ ...line, productId: products.get(line.productId) ?? null })),
      buyer: buyerName === undefined ? null : { _id: buyerId, name: buyerName },
    };
  });
}

async function pageOfOrders(of: { buyerId?: string }, query: ListQuery) {
  const { orders, total } = await listOrders(of, query);
  return { orders: await toOrders(orders), total };
}

/** One page of a signed-in user's own orders, newest first. */
export const listOrdersOf = (buyerId: string, query: ListQuery) => pageOfOrders({ buyerId }, query);

/** One page of every order of the shop, newest first (admin view). */
export const listAllOrders = (query: ListQuery) => pageOfOrders({}, query);

/** One order in its response shape, or null when it does not exist. */
export async function findOrder(orderId: string): Promise<Order | null> {
  const stored = await findStoredOrder(orderId);
  return stored ? ((await toOrders([stored]))[0] ?? null) : null;
}

/**
 * The order of that number as `reader` may see it: its buyer, or an admin; null for
 * anyone else, as for a number that names no order, so a number tells nothing of other
 * people's orders.
 */
export async function findOrderByNumberFor(reader: User, number: number): Promise<Order | null> {
  const stored = await findOrderByNumber(number);
  if (!stored || (!isAdmin(reader) && stored.buyerId !== reader._id)) return null;
  return (await toOrders([stored]))[0] ?? null;
}
