import type { OrderStatus, OrderTimelineEntry } from '@shop/contracts';
import mongoose from 'mongoose';
import { insertCast } from '../../../lib/cast-insert.js';
import { isDuplicateKeyError } from '../../../lib/errors.js';
import { mailboxOf } from '../../../lib/mailbox.js';
import type { Minor } from '../../../lib/money.js';
import { storedCollection } from '../../../lib/stored-collection.js';
import { type OrderDoc, OrderModel } from '../model.js';
import {
  type NewOrder,
  type OrderActor,
  type Shipment,
  type StoredOrder,
  shipmentOf,
} from '../order.js';
import { toDocument, toStoredOrder } from './documents.js';
import { nextOrderNumber } from './numbers.js';

/**
 * The orders' writes: each one atomic update. The writes of a checkout or a cancellation carry
 * the fencing token of the payment's lock (`fence`) and match only while no later holder of
 * that lock has written the order.
 */

/** A timeline entry of a change made now (with the shipment it gave, if any). */
const entryNow = (
  event: OrderTimelineEntry['event'],
  status: OrderStatus,
  by: OrderActor,
  shipment: Shipment = {},
) => ({ event, status, at: new Date(), by, ...shipmentOf(shipment) });

/** Matches while no holder of the payment's lock later than `fence` has written the order. */
const fencedBy = (orderId: string, fence: number) => ({
  _id: orderId,
  fence: { $not: { $gt: fence } },
});

/**
 * The orders as the driver stores them, for the writes on the path of every order: nothing of
 * theirs needs Mongoose's cast (the id is passed as stored, every value in its stored type).
 */
const storedOrders = storedCollection<OrderDoc>(OrderModel);

/** fencedBy, with the id as stored: for a write through `storedOrders`. */
const storedFencedBy = (orderId: string, fence: number) => ({
  ...fencedBy(orderId, fence),
  _id: new mongoose.Types.ObjectId(orderId),
});

/** Whether one update matched: false when the order is gone or was fenced off. */
const matched = async (update: Promise<{ matchedCount: number }>) =>
  (await update).matchedCount > 0;

/** Cancelled and given back: such an order keeps its status. */
const NOT_CLOSED = {
  $or: [
    { status: { $ne: 'cancel' } },
    { 'payment.refunded': { $ne: true }, stockReturned: { $ne: true } },
  ],
};

/** An id for an order about to be written (its events name it before it is). */
export const newOrderId = () => new mongoose.Types.ObjectId().toString();

/**
 * Writes the order whole under `orderId` at `createdAt` (demo data, an import), recording
 * `event`, unless its payment has one already: its id, or null.
 */
export async function recordImportedOrder(
  orderId: string,
  order: NewOrder,
  createdAt: Date,
  event: string,
): Promise<string | null> {
  try {
    const _id = new mongoose.Types.ObjectId(orderId);
    const document = toDocument({ ...order, createdAt }, await nextOrderNumber(), _id);
    const created = await OrderModel.create({ ...document, events: [event] });
    return String(created._id);
  } catch (err) {
    if (isDuplicateKeyError(err)) return null;
    throw err;
  }
}

/**
 * Records a checkout's order (unpaid) under the holder's fencing token, with an id chosen
 * here so that a write whose answer is lost is removed too: the order as written. A second
 * order of the payment is refused by the unique index (a duplicate-key error). Its number is
 * the one the caller took before (nextOrderNumber), else the next.
 */
export async function recordOrder(
  order: NewOrder,
  fence: number,
  taken?: Promise<number>,
): Promise<StoredOrder> {
  const _id = new mongoose.Types.ObjectId();
  const number = await (taken ?? nextOrderNumber());
  const created = await insertCast<OrderDoc>(OrderModel, {
    ...toDocument(order, number, _id),
    fence,
  }).catch(async (err: unknown) => {
    await removeOrder(String(_id), fence).catch(() => {});
    throw err;
  });
  return toStoredOrder(created);
}

/**
 * Makes the holder of `fence` the order's writer: the order as stored, or null when it is gone
 * or a later holder has written it (the caller's lease was taken over).
 */
export async function claimOrder(orderId: string, fence: number): Promise<StoredOrder | null> {
  const order = await OrderModel.findOneAndUpdate(
    fencedBy(orderId, fence),
    { $set: { fence } },
    { new: true },
  ).lean<OrderDoc>();
  return order ? toStoredOrder(order) : null;
}

export const removeOrder = async (orderId: string, fence: number) =>
  (await OrderModel.deleteOne(fencedBy(orderId, fence))).deletedCount > 0;

/** What an announced write expects the order to be: it refuses one that changed meanwhile. */
export interface AsRead {
  status: OrderStatus;
  paid: boolean;
  /** What its refunds done had given back (its event tells the figures). */
  refunded: Minor;
}

export const asRead = ({ status, paid, refunded }: AsRead) => ({
  status,
  'payment.success': paid ? true : { $ne: true },
  // Orders of earlier versions have no such field: none given back.
  refundedDone: refunded === 0 ? { $not: { $gt: 0 } } : refunded,
});

/**
 * What an announced write made of the order: 'done', 'moved' (it is no longer as read: read it
 * again), or 'refused' (it is gone, or a later holder of the payment's lock wrote it).
 */
export type AnnouncedWrite = 'done' | 'moved' | 'refused';

/** Tells 'moved' from 'refused' once a write guarded by `fence` and `as` matched nothing. */
const whyNotWritten = async (orderId: string, fence: number): Promise<AnnouncedWrite> =>
  (await OrderModel.exists(fencedBy(orderId, fence))) ? 'moved' : 'refused';

/** Marks the unpaid order paid, while it is as read, recording `event` in the same update. */
export async function recordPaid(
  orderId: string,
  fence: number,
  as: AsRead,
  event: string,
  at: Date,
): Promise<AnnouncedWrite> {
  const written = await matched(
    // `at` is the time the placement answers with, without reading the order back.
    storedOrders.updateOne(
      { ...storedFencedBy(orderId, fence), ...asRead(as) },
      {
        $set: { 'payment.success': true, 'payment.status': 'succeeded', fence, updatedAt: at },
        $push: { events: event },
      },
    ),
  );
  return written ? 'done' : whyNotWritten(orderId, fence);
}

/** Records that a cancellation gave the order's money back. */
export const markOrderRefunded = (orderId: string, fence: number) =>
  matched(
    OrderModel.updateOne(fencedBy(orderId, fence), { $set: { 'payment.refunded': true, fence } }),
  );

/** Records that a cancellation put the order's units back: true for the one call that did. */
export const markOrderStockReturned = (orderId: string, fence: number) =>
  matched(
    OrderModel.updateOne(
      { ...fencedBy(orderId, fence), stockReturned: { $ne: true } },
      { $set: { stockReturned: true, fence } },
    ),
  );

/**
 * Sets the order's status to 'cancel' while it is as read, recording `event` and the timeline's
 * entry naming `by` in the same update.
 */
export async function recordCancelled(
  orderId: string,
  fence: number,
  as: AsRead,
  event: string,
  by: OrderActor,
): Promise<AnnouncedWrite> {
  const written = await matched(
    OrderModel.updateOne(
      { ...fencedBy(orderId, fence), ...asRead(as) },
      {
        $set: { status: 'cancel', fence },
        $push: { events: event, timeline: entryNow('cancelled', 'cancel', by) },
      },
    ),
  );
  return written ? 'done' : whyNotWritten(orderId, fence);
}

/** Whether the order was cancelled with its money or units given back: it cannot be reopened. */
export const isClosed = (order: Pick<StoredOrder, 'status' | 'payment' | 'stockReturned'>) =>
  order.status === 'cancel' && (order.payment.refunded || order.stockReturned);

/**
 * Sets the order's status label while it is as read, in one update that refuses an order
 * cancelled with its money and units given back, recording `event` and the timeline's entry
 * naming `by` (with the shipment given) in the same update: 'done', or 'moved' (read it again).
 */
export async function recordStatus(
  orderId: string,
  status: OrderStatus,
  as: AsRead,
  event: string,
  by: OrderActor,
  shipment: Shipment = {},
): Promise<'done' | 'moved'> {
  const entry = entryNow('status', status, by, shipment);
  const written = await matched(
    OrderModel.updateOne(
      { _id: orderId, ...NOT_CLOSED, ...asRead(as) },
      { $set: { status }, $push: { events: event, timeline: entry } },
    ),
  );
  return written ? 'done' : 'moved';
}

/**
 * Inserts many orders at once, numbered in a row from one `$inc` of the counter, without
 * announcing them (no event: rebuild the sales figures after): for filling a benchmark's database.
 */
export async function insertOrdersInBulk(orders: readonly NewOrder[]): Promise<void> {
  if (orders.length === 0) return;
  const first = await nextOrderNumber(orders.length);
  await OrderModel.insertMany(orders.map((order, i) => toDocument(order, first + i)));
}

/**
 * Makes the account the buyer of the guest orders of this e-mail's mailbox (any spelling of it)
 * placed before `placedBefore`: one update, atomic per order, of only those no account has
 * claimed yet. How many it claimed.
 */
export async function giveGuestOrdersTo({
  email,
  buyerId,
  placedBefore,
}: {
  email: string;
  buyerId: string;
  placedBefore: Date;
}): Promise<number> {
  const { modifiedCount } = await OrderModel.updateMany(
    { mailbox: mailboxOf(email), buyer: null, createdAt: { $lt: placedBefore } },
    { $set: { buyer: buyerId } },
  );
  return modifiedCount;
}
