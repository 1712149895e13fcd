import { isAdmin, type User } from '@shop/contracts';
import type { OrderReturn, ReturnRequest } from '@shop/contracts/returns';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../../lib/errors.js';
import { withLock } from '../../../lib/locks.js';
import { storeSettings } from '../../store/index.js';
import { keyHashOf } from '../access-keys.js';
import type { OrderActor, StoredOrder } from '../order.js';
import { findOrderIdOfLink } from '../repository/links.js';
import { findOrderByNumber, findStoredOrder } from '../repository/reads.js';
import { insertReturn, OPEN_STATUSES, returnsOfOrder } from '../repository/returns.js';
import { tellReturnStep } from './events.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an ask waits for another ask of the same order to be recorded. */
const WAIT_MS = 5000;

/** Who asks: the signed-in user, or whoever holds the order's link key (a guest). */
export interface Asker {
  user?: User;
  key?: string;
}

const orderNotFound = () => notFound('Order not found');

/**
 * The order that number names, as its page opens it (../routes.ts, the guest's link): by its
 * link's key, or for its signed-in buyer. Anyone else finds no order (404, as for a number no
 * order has), but an admin, who reads every order, reads it when `adminReads`, and is told
 * otherwise that a return is the buyer's to ask (403).
 */
async function orderOfAsker(
  number: number,
  { user, key }: Asker,
  adminReads = false,
): Promise<StoredOrder> {
  if (key !== undefined) {
    const orderId = await findOrderIdOfLink(number, keyHashOf(key));
    const order = orderId ? await findStoredOrder(orderId) : null;
    if (!order) throw orderNotFound();
    return order;
  }
  if (!user) throw unauthorized();
  const order = await findOrderByNumber(number);
  if (order && (order.buyerId === user._id || (adminReads && isAdmin(user)))) return order;
  if (order && isAdmin(user)) throw forbidden('Only the buyer of an order may ask to return it');
  throw orderNotFound();
}

/** The units of each line still free to return: bought, less those refunded and those asked. */
export function returnableUnits(order: StoredOrder, open: readonly OrderReturn[]) {
  const asked = new Map<string, number>();
  for (const r of open) {
    for (const { sku, quantity } of r.lines) asked.set(sku, (asked.get(sku) ?? 0) + quantity);
  }
  return order.lines.flatMap((line, index) => {
    const sku = line.variant?.sku;
    if (!sku) return [];
    const left = line.quantity - (order.refundedUnits[index] ?? 0) - (asked.get(sku) ?? 0);
    return [{ sku, left: Math.max(0, left) }];
  });
}

/** Refuses an ask the order cannot take: unpaid, cancelled, past its window, too many units. */
async function checkAsk(order: StoredOrder, ask: ReturnRequest): Promise<void> {
  if (!order.payment.success) throw conflict(`Order #${order.number} was not paid for`);
  if (order.status === 'cancel') throw conflict(`Order #${order.number} was cancelled`);
  const { returnWindowDays } = await storeSettings();
  if (Date.now() - Date.parse(order.createdAt) > returnWindowDays * DAY_MS) {
    throw conflict(
      `Order #${order.number} can no longer be returned: returns are taken within ${returnWindowDays} days of an order`,
    );
  }
  const open = (await returnsOfOrder(order._id)).filter((r) => OPEN_STATUSES.includes(r.status));
  const free = returnableUnits(order, open);
  const asked = new Map<string, number>();
  for (const { sku, quantity } of ask.lines) asked.set(sku, (asked.get(sku) ?? 0) + quantity);
  for (const [sku, quantity] of asked) {
    const line = free.find((f) => f.sku === sku);
    if (!line) throw badRequest(`No line of order #${order.number} has the SKU ${sku}`);
    if (quantity > line.left) {
      throw conflict(`Only ${line.left} units of ${sku} are left to return, not ${quantity}`);
    }
  }
}

/**
 * The buyer asks to return some units of their order, with a reason: recorded `requested`,
 * entered on the order's timeline and e-mailed to them. Asks of one order are recorded one at
 * a time (a lock per order), so two asks at once never return more units than were bought.
 */
export async function requestReturn(
  number: number,
  asker: Asker,
  ask: ReturnRequest,
): Promise<OrderReturn> {
  const order = await orderOfAsker(number, asker);
  const by: OrderActor = {
    // A guest has no account: the order's own id stands for them, as on its timeline.
    _id: order.buyerId ?? order._id,
    name: asker.user?.name ?? order.deliveryAddress?.name ?? '',
    role: 'buyer',
  };
  const recorded = await withLock(
    `returns:${order._id}`,
    async () => {
      // Read again under the lock: a refund or another ask may have taken units meanwhile.
      const now = (await findStoredOrder(order._id)) ?? order;
      await checkAsk(now, ask);
      return insertReturn(now, ask, by);
    },
    {
      waitMs: WAIT_MS,
      busy: () => conflict('Another return of this order is being asked; please try again'),
    },
  );
  await tellReturnStep(order, { returnId: recorded._id, status: 'requested', by });
  return recorded;
}

/** The returns of the order, oldest first, for whoever may open its page. */
export async function returnsOfAsker(number: number, asker: Asker): Promise<OrderReturn[]> {
  const order = await orderOfAsker(number, asker, true);
  return returnsOfOrder(order._id);
}
