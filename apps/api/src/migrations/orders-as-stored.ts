import { toMinorUnits } from '@shop/contracts';
import mongoose from 'mongoose';
import { linesAlone } from '../features/orders/breakdown.js';
import { minor } from '../lib/money.js';
import type { Outcome } from './batches.js';

/**
 * The migrations' reads and writes of orders in the shapes earlier versions stored, which the
 * orders' model no longer describes (prices in major units and the mark `minorUnits`, no
 * number, no breakdown, timeline or events): straight through the driver, so that the
 * repository carries none of this one-off code. Each write is one update by `_id` made only
 * while the order still has the old shape, so a migration run again, or beside a process of the
 * previous version still serving, changes nothing twice.
 */
const orders = () => mongoose.connection.collection('orders');
const oid = (id: string) => new mongoose.Types.ObjectId(id);

/**
 * The ids of the orders `filter` matches, oldest first when asked: one scan (a filter other than
 * `_id` reads them all).
 */
export async function orderIdsWhere(
  filter: Record<string, unknown>,
  { oldestFirst = false } = {},
): Promise<string[]> {
  const cursor = orders().find(filter, { projection: { _id: 1 } });
  if (oldestFirst) cursor.sort({ createdAt: 1, _id: 1 });
  return (await cursor.toArray()).map(({ _id }) => String(_id));
}

/**
 * Stores the lines' prices of an order an earlier version wrote in major units as integers of
 * its currency's minor unit, in one update by `_id` made only while it is unmarked and its
 * prices are those read (no write changes an order's lines; the guard keeps a second process
 * from converting them twice), marking it so. The payment's amount was in minor units already.
 */
export async function storeOrderPricesInMinorUnits(orderId: string): Promise<Outcome> {
  const order = await orders().findOne(
    { _id: oid(orderId), minorUnits: { $exists: false } },
    { projection: { products: 1, 'payment.currency': 1 } },
  );
  if (!order) return 'done before';
  const lines: { price: number }[] = order.products ?? [];
  const currency: string = order.payment?.currency ?? '';
  const asRead: Record<string, number> = {};
  const converted: Record<string, unknown> = { minorUnits: true };
  lines.forEach((line, i) => {
    asRead[`products.${i}.price`] = line.price;
    converted[`products.${i}.price`] = toMinorUnits(line.price, currency);
  });
  const { matchedCount } = await orders().updateOne(
    { _id: order._id, minorUnits: { $exists: false }, ...asRead },
    { $set: converted },
  );
  return matchedCount > 0 ? 'done' : 'done before';
}

/**
 * Gives the order `number` unless it has one already (another process numbered it meanwhile:
 * that number stays unused).
 */
export async function giveOrderNumber(orderId: string, number: number): Promise<Outcome> {
  const { matchedCount } = await orders().updateOne(
    { _id: oid(orderId), number: { $exists: false } },
    { $set: { number } },
  );
  return matchedCount > 0 ? 'done' : 'done before';
}

/**
 * Orders that miss a part every order has since: a breakdown (placed before shipping and
 * taxes), the `placed` entry of the timeline (placed before timelines), or `events` (placed
 * before the outbox).
 */
export const INCOMPLETE_ORDER = {
  $or: [
    { breakdown: { $exists: false } },
    { 'timeline.event': { $ne: 'placed' } },
    { events: { $exists: false } },
  ],
};

/**
 * Gives the order what it misses (INCOMPLETE_ORDER) as its answer showed it until now: the
 * breakdown of its lines alone (untaxed, no shipping, the amount paid as its total), its
 * creation by its buyer (or, for a guest, by the order's own id) as the timeline's first entry,
 * at its creation time, named as the buyer is named now; no events. One update by `_id` made
 * only while the order is as read (`updatedAt`: every write of an order moves it): 'changed'
 * when it was not (read again and retry).
 */
export async function completeOrder(orderId: string): Promise<Outcome> {
  const order = await orders().findOne(
    { _id: oid(orderId) },
    {
      projection: {
        'products.price': 1,
        'products.quantity': 1,
        'payment.amount': 1,
        breakdown: 1,
        timeline: 1,
        events: 1,
        buyer: 1,
        createdAt: 1,
        updatedAt: 1,
      },
    },
  );
  if (!order) return 'done before';
  const timeline: { event: string }[] = order.timeline ?? [];
  const missing: Record<string, unknown> = {};
  if (!order.breakdown) {
    const lines: { price: number; quantity: number }[] = order.products ?? [];
    missing.breakdown = linesAlone(
      lines.map(({ price, quantity }) => ({ unitPrice: minor(price), quantity })),
      minor(order.payment?.amount ?? 0),
    );
  }
  if (!timeline.some(({ event }) => event === 'placed')) {
    const by = { _id: order.buyer ?? order._id, name: '', role: 'buyer' };
    const placed = { event: 'placed', status: 'Not Process', at: order.createdAt, by };
    missing.timeline = [placed, ...timeline];
  }
  if (!order.events) missing.events = [];
  if (Object.keys(missing).length === 0) return 'done before';
  const { matchedCount } = await orders().updateOne(
    { _id: order._id, updatedAt: order.updatedAt },
    { $set: missing },
  );
  return matchedCount > 0 ? 'done' : 'changed';
}

/**
 * Takes the mark that told the start-up's scan which orders were in minor units
 * (`minorUnits`) off every order: one update. How many it changed.
 */
export async function unsetOrderMarks(): Promise<number> {
  const { modifiedCount } = await orders().updateMany(
    { minorUnits: { $exists: true } },
    { $unset: { minorUnits: '' } },
  );
  return modifiedCount;
}

/**
 * The e-mail and buyer of each order of `orderIds` that has no `mailbox` yet, in their order
 * (null for one that has one by now, or is gone): placed before orders recorded one.
 */
export async function ordersWithoutMailbox(
  orderIds: readonly string[],
): Promise<({ email: string | null; buyer: string | null } | null)[]> {
  const found = await orders()
    .find(
      { _id: { $in: orderIds.map(oid) }, mailbox: { $exists: false } },
      { projection: { email: 1, buyer: 1 } },
    )
    .toArray();
  const byId = new Map(found.map((order) => [String(order._id), order]));
  return orderIds.map((id) => {
    const order = byId.get(id);
    return order
      ? { email: order.email ?? null, buyer: order.buyer ? String(order.buyer) : null }
      : null;
  });
}

/** Gives the order its `mailbox`, in one update made only while it has none. */
export async function giveOrderMailbox(orderId: string, mailbox: string): Promise<Outcome> {
  const { matchedCount } = await orders().updateOne(
    { _id: oid(orderId), mailbox: { $exists: false } },
    { $set: { mailbox } },
  );
  return matchedCount > 0 ? 'done' : 'done before';
}

/**
 * The key of an order's link as versions before issue 35 stored it, as it is (`accessKey`),
 * with the order's number; null once it is gone.
 */
export async function storedOrderKey(
  orderId: string,
): Promise<{ key: string; number: number } | null> {
  const order = await orders().findOne(
    { _id: oid(orderId), accessKey: { $type: 'string' } },
    { projection: { accessKey: 1, number: 1 } },
  );
  return order ? { key: order.accessKey, number: order.number } : null;
}

/** Takes the key away from the order, only while it is the one read. */
export async function dropStoredOrderKey(orderId: string, key: string): Promise<Outcome> {
  const { matchedCount } = await orders().updateOne(
    { _id: oid(orderId), accessKey: key },
    { $unset: { accessKey: '' } },
  );
  return matchedCount > 0 ? 'done' : 'done before';
}

/**
 * The ids of the order's refunds pending (held before Stripe answered) that its
 * `pendingRefunds` does not list: held by a version before the order listed them.
 */
export async function unlistedPendingRefunds(orderId: string): Promise<string[]> {
  const order = await orders().findOne(
    { _id: oid(orderId) },
    { projection: { refunds: 1, pendingRefunds: 1 } },
  );
  const listed = new Set<string>(order?.pendingRefunds ?? []);
  return Object.entries<{ status?: string }>(order?.refunds ?? {})
    .filter(([id, refund]) => refund.status === 'pending' && !listed.has(id))
    .map(([id]) => id);
}

/** Lists the refund in the order's `pendingRefunds`, only while it is pending and unlisted. */
export async function listPendingRefund(orderId: string, refundId: string): Promise<Outcome> {
  // Typed for the driver's $push: the list is of ids.
  const listed = mongoose.connection.collection<{ pendingRefunds?: string[] }>('orders');
  const { matchedCount } = await listed.updateOne(
    {
      _id: oid(orderId),
      [`refunds.${refundId}.status`]: 'pending',
      pendingRefunds: { $ne: refundId },
    },
    { $push: { pendingRefunds: refundId } },
  );
  return matchedCount > 0 ? 'done' : 'done before';
}

/**
 * Marks the order for the sweep of pending refunds (`refundsListed`) while it lists one and is
 * not marked yet.
 */
export async function markRefundsListed(orderId: string): Promise<Outcome> {
  const { matchedCount } = await orders().updateOne(
    { _id: oid(orderId), 'pendingRefunds.0': { $exists: true }, refundsListed: { $exists: false } },
    { $set: { refundsListed: 1 } },
  );
  return matchedCount > 0 ? 'done' : 'done before';
}

/** Drops the orders' index of that name: whether there was one. */
export async function dropOrdersIndex(name: string): Promise<boolean> {
  if (!(await orders().indexExists(name))) return false;
  await orders().dropIndex(name);
  return true;
}

/**
 * The payment ids of the orders of `orderIds` that have no top-level `paymentId` yet, in their
 * order (null for one that has one by now, or is gone): placed before orders kept it there.
 */
export async function paymentIdsOfOrdersWithout(
  orderIds: readonly string[],
): Promise<(string | null)[]> {
  const found = await orders()
    .find(
      { _id: { $in: orderIds.map(oid) }, paymentId: { $exists: false } },
      { projection: { 'payment.id': 1 } },
    )
    .toArray();
  const byId = new Map(found.map((order) => [String(order._id), order.payment?.id ?? null]));
  return orderIds.map((id) => byId.get(id) ?? null);
}

/** Gives the order its top-level `paymentId`, in one update made only while it has none. */
export async function giveOrderPaymentId(orderId: string, paymentId: string): Promise<Outcome> {
  const { matchedCount } = await orders().updateOne(
    { _id: oid(orderId), paymentId: { $exists: false } },
    { $set: { paymentId } },
  );
  return matchedCount > 0 ? 'done' : 'done before';
}
