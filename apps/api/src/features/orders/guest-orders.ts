import type { Order } from '@shop/contracts';
import { isOrderKey, orderLink } from './access-keys.js';
import type { StoredOrder } from './order.js';
import { findOrderByNumber, findOrdersByEmail, findStoredOrder } from './repository/reads.js';
import { findOrder } from './use-cases.js';

/**
 * The link of the order (./access-keys.ts), or undefined for an order placed before links (no
 * migration gives it one: its buyer has an account and finds it there).
 */
export const linkOf = (publicUrl: string, order: Pick<StoredOrder, 'number' | 'accessKey'>) =>
  order.accessKey !== undefined
    ? orderLink(publicUrl, { number: order.number, accessKey: order.accessKey })
    : undefined;

/** The link of the order of that id, if it has one. */
export async function linkOfOrder(publicUrl: string, orderId: string) {
  const stored = await findStoredOrder(orderId);
  return stored ? linkOf(publicUrl, stored) : undefined;
}

/**
 * The order that number and key open, or null: for a wrong or missing key exactly as for a
 * number that names no order, so a link tells nothing of other orders.
 */
export async function findOrderByLink(number: number, key: string | undefined) {
  const stored = await findOrderByNumber(number);
  if (!stored || !isOrderKey(stored.accessKey, key)) return null;
  return findOrder(stored._id);
}

/** How many orders' links one "find my order" e-mail lists at most (the newest). */
export const FOUND_ORDERS_MAX = 50;

/** The newest orders of an e-mail that have a link, each with it. */
export async function orderLinksOf(
  publicUrl: string,
  email: string,
): Promise<{ order: Order; link: string }[]> {
  const stored = await findOrdersByEmail(email, FOUND_ORDERS_MAX);
  const found = await Promise.all(
    stored.map(async (s) => {
      const link = linkOf(publicUrl, s);
      const order = link ? await findOrder(s._id) : null;
      return order && link ? [{ order, link }] : [];
    }),
  );
  return found.flat();
}
