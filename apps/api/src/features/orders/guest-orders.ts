import type { Order } from '@shop/contracts';
import { keyHashOf, newOrderKey, orderLink } from './access-keys.js';
import type { StoredOrder } from './order.js';
import { findOrderIdOfLink, recordOrderLinks } from './repository/links.js';
import { findOrdersOfMailbox } from './repository/reads.js';
import { findOrder } from './use-cases.js';

type Linked = Pick<StoredOrder, '_id' | 'number'>;

/**
 * A new link to each order, with a key of its own (./access-keys.ts), in one write: only the
 * keys' hashes are kept, so a link is made whenever one is handed out, and every link handed
 * out keeps working.
 */
async function newLinksOf(publicUrl: string, orders: readonly Linked[]): Promise<string[]> {
  const keys = orders.map(() => newOrderKey());
  await recordOrderLinks(
    orders.map(({ _id, number }, i) => ({
      keyHash: keyHashOf(keys[i] as string),
      orderId: _id,
      number,
    })),
  );
  return orders.map(({ number }, i) => orderLink(publicUrl, number, keys[i] as string));
}

/** A new link to the order. */
export const linkOf = async (publicUrl: string, order: Linked): Promise<string> =>
  (await newLinksOf(publicUrl, [order]))[0] as string;

/** A new link to the order as answered (no read: on the path of every order placed). */
export const linkOfOrder = (publicUrl: string, { _id, number }: Pick<Order, '_id' | 'number'>) =>
  number === undefined ? undefined : linkOf(publicUrl, { _id, number });

/**
 * The order that number and key open, or null: for a wrong or missing key exactly as for a
 * number that names no order (the same one read, ./repository/links.ts), so a link tells
 * nothing of other orders.
 */
export async function findOrderByLink(number: number, key: string | undefined) {
  const orderId = await findOrderIdOfLink(number, keyHashOf(key ?? ''));
  return orderId ? findOrder(orderId) : null;
}

/** How many orders' links one "find my order" e-mail lists at most (the newest). */
export const FOUND_ORDERS_MAX = 50;

/** An order found for an e-mail: as answered, and what its link is made of. */
export interface FoundOrder {
  order: Order;
  linked: Linked;
}

/**
 * The newest orders of an e-mail's mailbox, whichever spelling placed them (FOUND_ORDERS_MAX at
 * most), without links yet: a letter to any spelling reaches the same inbox.
 */
export async function ordersOfEmail(email: string): Promise<FoundOrder[]> {
  const stored = await findOrdersOfMailbox(email, FOUND_ORDERS_MAX);
  return (
    await Promise.all(
      stored.map(async (linked) => {
        const order = await findOrder(linked._id);
        return order ? [{ order, linked }] : [];
      }),
    )
  ).flat();
}

/**
 * A new link to each order found, in one write: made only once the letter that carries them is
 * to be sent, so that an ask its cap holds back records none.
 */
export async function withNewLinks(
  publicUrl: string,
  found: readonly FoundOrder[],
): Promise<{ order: Order; link: string }[]> {
  const links = await newLinksOf(
    publicUrl,
    found.map((f) => f.linked),
  );
  return found.map(({ order }, i) => ({ order, link: links[i] as string }));
}
