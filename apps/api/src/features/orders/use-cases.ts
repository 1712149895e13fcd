import {
  isAdmin,
  type ListQuery,
  type Order,
  type OrderTimelineEntry,
  type User,
} from '@shop/contracts';
import {
  type AllOrdersQuery,
  type OrderFilter,
  orderNumberSearched,
} from '@shop/contracts/order-filter';
import { findUserIdsMatching, findUserNames } from '../auth/index.js';
import { findProductSummaries } from '../products/index.js';
import { answeredBreakdown } from './breakdown.js';
import {
  findOrderByNumber,
  findStoredOrder,
  listOrders,
  type OrderSelection,
  type StoredOrder,
} from './repository.js';

/** The order's timeline as shown: a buyer's entry recorded without a name shows their name now. */
function timelineOf(order: StoredOrder, buyerName: string | undefined): OrderTimelineEntry[] {
  // A guest's order has no account: its own id stands for its buyer.
  const buyer = { _id: order.buyerId ?? order._id, name: buyerName ?? '', role: 'buyer' as const };
  return order.timeline.map((entry) =>
    entry.by.role === 'buyer' && entry.by.name === '' ? { ...entry, by: buyer } : entry,
  );
}

/**
 * The one shape of an order in every response (orders, all-orders, order-status, place-order):
 * each line with what its product shows now (null once deleted), the buyer's name (null once the
 * account is gone).
 */
async function toOrders(stored: readonly StoredOrder[]): Promise<Order[]> {
  const [products, buyers] = await Promise.all([
    findProductSummaries([...new Set(stored.flatMap((o) => o.lines.map((l) => l.productId)))]),
    findUserNames(buyerIdsOf(stored)),
  ]);
  return stored.map((found) => {
    const {
      lines,
      buyerId,
      stockReturned: _,
      events: __,
      breakdown: ___,
      accessKey: ____,
      ...order
    } = found;
    const buyerName = buyerId ? buyers.get(buyerId) : undefined;
    const priced = answeredBreakdown(found, lines);
    return {
      ...order,
      ...priced,
      products: priced.products.map((line) => ({
        ...line,
        productId: products.get(line.productId) ?? null,
      })),
      buyer: buyerId && buyerName !== undefined ? { _id: buyerId, name: buyerName } : null,
      timeline: timelineOf(found, buyerName),
    };
  });
}

/** The accounts that placed the orders, each once (guests' orders have none). */
export const buyerIdsOf = (orders: readonly StoredOrder[]): string[] => [
  ...new Set(orders.flatMap((order) => (order.buyerId ? [order.buyerId] : []))),
];

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
  return { orders: await toOrders(orders), total };
}

/** One page of a signed-in user's own orders, newest first. */
export const listOrdersOf = (buyerId: string, query: ListQuery) => pageOfOrders({ buyerId }, query);

/** One page of the shop's orders, filtered, newest first (admin view). */
export const listAllOrders = async ({ status, q, ...page }: AllOrdersQuery) =>
  pageOfOrders(await selectionOf({ status, q }), page);

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
