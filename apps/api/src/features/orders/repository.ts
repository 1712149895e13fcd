import {
  type DeliveryAddress,
  type ListQuery,
  type Order,
  type OrderLineVariant,
  type OrderStatus,
  type OrderTimelineEntry,
  pageOffset,
  toMajorUnits,
  toMinorUnits,
} from '@shop/contracts';
import mongoose from 'mongoose';
import { toDeliveryAddress } from '../../lib/delivery-address-model.js';
import { isDuplicateKeyError } from '../../lib/errors.js';
import { literally } from '../../lib/literal-pattern.js';
import { newOrderKey } from './access-keys.js';
import { linesAlone, type OrderBreakdown, toBreakdown } from './breakdown.js';
import { OrderCounterModel, type OrderDoc, OrderModel } from './model.js';

/**
 * The orders as stored: the only module that reads or writes them. Every write is one atomic
 * update. The writes of a checkout or a cancellation carry the fencing token of the payment's
 * lock (`fence`) and match only while no later holder of that lock has written the order.
 *
 * An order's amounts are stored as integers of the minor unit of the currency it was paid in
 * (`payment.currency`), whatever the store's is now; its lines are answered, as the contract
 * has them, in major units: this module converts both ways (money.ts).
 */

/** A line as the order records it: the variant, unit price and name at the time of purchase. */
export interface OrderLine {
  productId: string;
  /** Null on lines of a product's only variant that named none (see the model). */
  variant: OrderLineVariant | null;
  name: string;
  price: number;
  quantity: number;
}

/** The units of order lines, each of its variant (its product's only one when it names none). */
export const stockLinesOf = (lines: readonly OrderLine[]) =>
  lines.map(({ productId, variant, quantity }) => ({
    productId,
    ...(variant ? { variantId: variant._id } : {}),
    quantity,
  }));

/** Who changes an order, as its timeline records them. */
export type OrderActor = OrderTimelineEntry['by'];

/** Which orders a list or an export reads: of one buyer, of some buyers, of a number, a status. */
export interface OrderSelection {
  buyerId?: string;
  status?: OrderStatus;
  /**
   * Orders of these buyers, or of that number, or guests' orders whose e-mail or delivery name
   * holds `text` (any matches).
   */
  search?: { number: number | null; buyerIds: readonly string[]; text?: string };
}

/** An order as stored: its lines and buyer by id. */
export interface StoredOrder {
  _id: string;
  /** Its short number (`#1042`). */
  number: number;
  lines: OrderLine[];
  payment: Order['payment'];
  /** Null for a guest's order not claimed by an account. */
  buyerId: string | null;
  /** Where its e-mails go; absent on orders placed before guest checkout. */
  email?: string;
  /** The key of its link; absent on orders placed before links. */
  accessKey?: string;
  address: string;
  /** Absent only on orders placed before checkout asked for one. */
  deliveryAddress?: DeliveryAddress;
  breakdown: OrderBreakdown;
  status: OrderStatus;
  /** Its units were put back in stock by a cancellation. */
  stockReturned: boolean;
  /** The ids of the events (./events.ts) whose change landed: each recorded by its change. */
  events: string[];
  /** Its changes as recorded, oldest first: `placed` first. */
  timeline: OrderTimelineEntry[];
  createdAt: string;
  updatedAt: string;
}

/** A new order: one per PaymentIntent. Lines without a variant are of a product's only one. */
export interface NewOrder {
  lines: readonly (Omit<OrderLine, 'variant'> & Partial<Pick<OrderLine, 'variant'>>)[];
  payment: { id: string; status: string; amount: number; currency: string; success?: boolean };
  /** Null for a guest. */
  buyer: { _id: string; address?: string; name?: string } | null;
  /** Where its e-mails go (a guest's is required to reach them). */
  email?: string;
  deliveryAddress?: DeliveryAddress;
  /** What the checkout priced; absent in demo data, charged its lines alone (linesAlone). */
  breakdown?: OrderBreakdown;
  /** 'Not Process' unless given (demo data). */
  status?: OrderStatus;
  /** Now unless given (demo data). */
  createdAt?: Date;
}

const toStoredOrder = (o: OrderDoc): StoredOrder => ({
  _id: String(o._id),
  number: o.number,
  lines: o.products.map(({ productId, variant, name, price, quantity }) => ({
    productId: String(productId),
    variant: variant
      ? {
          _id: String(variant._id),
          sku: variant.sku,
          options: Object.fromEntries(variant.options.map((o) => [o.name ?? '', o.value ?? ''])),
        }
      : null,
    name,
    price: toMajorUnits(price, o.payment?.currency ?? ''),
    quantity,
  })),
  payment: {
    // Every payment field but `refunded` is required by the schema.
    id: o.payment?.id ?? '',
    success: o.payment?.success ?? false,
    status: o.payment?.status ?? '',
    amount: o.payment?.amount ?? 0,
    currency: o.payment?.currency ?? '',
    refunded: o.payment?.refunded ?? false,
  },
  buyerId: o.buyer ? String(o.buyer) : null,
  ...(o.email ? { email: o.email } : {}),
  ...(o.accessKey ? { accessKey: o.accessKey } : {}),
  address: o.address ?? '',
  ...(o.deliveryAddress ? { deliveryAddress: toDeliveryAddress(o.deliveryAddress) } : {}),
  breakdown: toBreakdown(o.breakdown),
  // The schema's enum admits only ORDER_STATUSES.
  status: o.status as OrderStatus,
  stockReturned: o.stockReturned ?? false,
  events: o.events,
  timeline: o.timeline.map(({ event, status, at, by }) => ({
    // The schema's enums admit only these values.
    event: event as OrderTimelineEntry['event'],
    status: status as OrderStatus,
    at: new Date(at).toISOString(),
    by: {
      _id: String(by?._id),
      name: by?.name ?? '',
      role: by?.role as OrderActor['role'],
    },
  })),
  createdAt: new Date(o.createdAt).toISOString(),
  updatedAt: new Date(o.updatedAt).toISOString(),
});

const toDocument = (
  {
    lines,
    payment,
    buyer,
    email,
    deliveryAddress,
    breakdown,
    status = 'Not Process',
    createdAt,
  }: NewOrder,
  number: number,
  _id = new mongoose.Types.ObjectId(),
) => {
  const products = lines.map(({ productId, variant, name, price, quantity }) => ({
    productId,
    ...(variant
      ? {
          variant: {
            _id: variant._id,
            sku: variant.sku,
            options: Object.entries(variant.options).map(([name, value]) => ({ name, value })),
          },
        }
      : {}),
    name,
    price: toMinorUnits(price, payment.currency),
    quantity,
  }));
  return {
    _id,
    number,
    products,
    payment: { ...payment, success: payment.success ?? false },
    buyer: buyer?._id ?? null,
    ...(email ? { email: email.trim().toLowerCase() } : {}),
    accessKey: newOrderKey(),
    address: buyer?.address ?? '',
    ...(deliveryAddress ? { deliveryAddress } : {}),
    breakdown: breakdown ?? linesAlone(products, payment.amount),
    status,
    events: [],
    timeline: [
      {
        event: 'placed',
        status,
        at: createdAt ?? new Date(),
        // A guest is named as their delivery address names them, by the order's own id.
        by: buyer
          ? { _id: buyer._id, name: buyer.name ?? '', role: 'buyer' }
          : { _id, name: deliveryAddress?.name ?? '', role: 'buyer' },
      },
    ],
    ...(createdAt ? { createdAt } : {}),
  };
};

/** A timeline entry of a change made now. */
const entryNow = (event: OrderTimelineEntry['event'], status: OrderStatus, by: OrderActor) => ({
  event,
  status,
  at: new Date(),
  by,
});

/** Matches while no holder of the payment's lock later than `fence` has written the order. */
const fencedBy = (orderId: string, fence: number) => ({
  _id: orderId,
  fence: { $not: { $gt: fence } },
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

/** Order numbers start after this one: the first order is #1001. */
const ORDER_NUMBER_BASE = 1000;
const ORDER_COUNTER_ID = 'orders';

/**
 * The next order number, or the first of the next `count` in a row, from one counter raised by
 * `$inc` (atomic on MongoDB and on our FerretDB): unique across processes, and sequential but
 * for the numbers of orders whose insert then failed (a refused or undone checkout leaves a gap).
 */
export async function nextOrderNumber(count = 1): Promise<number> {
  const counter = await OrderCounterModel.findOneAndUpdate(
    { _id: ORDER_COUNTER_ID },
    { $inc: { value: count } },
    { upsert: true, new: true },
  ).lean();
  if (!counter) throw new Error('The order number counter was not written');
  return ORDER_NUMBER_BASE + counter.value - count + 1;
}

/** The order of that number, or null. */
export async function findOrderByNumber(number: number): Promise<StoredOrder | null> {
  const order = await OrderModel.findOne({ number }).lean<OrderDoc>();
  return order ? toStoredOrder(order) : null;
}

export async function findStoredOrder(orderId: string): Promise<StoredOrder | null> {
  const order = await OrderModel.findById(orderId).lean<OrderDoc>();
  return order ? toStoredOrder(order) : null;
}

export async function findOrderOfPayment(paymentIntentId: string): Promise<StoredOrder | null> {
  const order = await OrderModel.findOne({ 'payment.id': paymentIntentId }).lean<OrderDoc>();
  return order ? toStoredOrder(order) : null;
}

/** The query of a selection: every condition it names, all of them met. */
function filterOf({ buyerId, status, search }: OrderSelection) {
  const filter: Record<string, unknown> = {};
  if (buyerId) filter.buyer = buyerId;
  if (status) filter.status = status;
  if (search) {
    const either: Record<string, unknown>[] = [];
    if (search.number !== null) either.push({ number: search.number });
    if (search.buyerIds.length > 0) either.push({ buyer: { $in: search.buyerIds } });
    if (search.text) {
      const pattern = { $regex: literally(search.text), $options: 'i' };
      either.push(
        { buyer: null, email: pattern },
        { buyer: null, 'deliveryAddress.name': pattern },
      );
    }
    // Nothing can match: an id no order has.
    filter.$or = either.length > 0 ? either : [{ _id: new mongoose.Types.ObjectId() }];
  }
  return filter;
}

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

/** One page of the orders selected, newest first, and how many there are. */
export async function listOrders(
  of: OrderSelection,
  query: ListQuery,
): Promise<{ orders: StoredOrder[]; total: number }> {
  const filter = filterOf(of);
  const [orders, total] = await Promise.all([
    OrderModel.find(filter)
      .sort(NEWEST_FIRST)
      .skip(pageOffset(query))
      .limit(query.perPage)
      .lean<OrderDoc[]>(),
    OrderModel.countDocuments(filter),
  ]);
  return { orders: orders.map(toStoredOrder), total };
}

/**
 * The orders selected, newest first, one at a time from one cursor that the database answers
 * in batches: however many there are, only a batch is held here.
 */
export async function* streamOrders(of: OrderSelection): AsyncGenerator<StoredOrder> {
  const cursor = OrderModel.find(filterOf(of)).sort(NEWEST_FIRST).lean<OrderDoc[]>().cursor({
    batchSize: 500,
  });
  for await (const order of cursor) yield toStoredOrder(order as OrderDoc);
}

/** Every order with a line of the product. */
export async function listOrdersOfProduct(productId: string): Promise<StoredOrder[]> {
  const orders = await OrderModel.find({ 'products.productId': productId }).lean<OrderDoc[]>();
  return orders.map(toStoredOrder);
}

/** Whether the user bought the product: an order of it that is paid and not cancelled. */
export async function hasPaidOrderOf(buyerId: string, productId: string): Promise<boolean> {
  const order = await OrderModel.exists({
    buyer: buyerId,
    'products.productId': productId,
    'payment.success': true,
    status: { $ne: 'cancel' },
  });
  return order !== null;
}

/** How many orders there are of this PaymentIntent (all of them without one). */
export const countOrders = (by: { paymentId?: string } = {}) =>
  OrderModel.countDocuments(by.paymentId ? { 'payment.id': by.paymentId } : {});

/**
 * How many paid orders an account, or a guest by the e-mail its orders record, has placed (a
 * first-order discount asks).
 */
export const countPaidOrdersOf = (who: { buyerId: string } | { email: string }) =>
  OrderModel.countDocuments({
    ...('buyerId' in who ? { buyer: who.buyerId } : { email: who.email }),
    'payment.success': true,
  });

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
 * order of the payment is refused by the unique index (a duplicate-key error).
 */
export async function recordOrder(order: NewOrder, fence: number): Promise<StoredOrder> {
  const _id = new mongoose.Types.ObjectId();
  const number = await nextOrderNumber();
  const created = await OrderModel.create({ ...toDocument(order, number, _id), fence }).catch(
    async (err: unknown) => {
      await removeOrder(String(_id), fence).catch(() => {});
      throw err;
    },
  );
  return toStoredOrder(created.toObject());
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
}

const asRead = ({ status, paid }: AsRead) => ({
  status,
  'payment.success': paid ? true : { $ne: true },
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
): Promise<AnnouncedWrite> {
  const written = await matched(
    OrderModel.updateOne(
      { ...fencedBy(orderId, fence), ...asRead(as) },
      {
        $set: { 'payment.success': true, 'payment.status': 'succeeded', fence },
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
 * naming `by` in the same update: 'done', or 'moved' (read it again).
 */
export async function recordStatus(
  orderId: string,
  status: OrderStatus,
  as: AsRead,
  event: string,
  by: OrderActor,
): Promise<'done' | 'moved'> {
  const written = await matched(
    OrderModel.updateOne(
      { _id: orderId, ...NOT_CLOSED, ...asRead(as) },
      { $set: { status }, $push: { events: event, timeline: entryNow('status', status, by) } },
    ),
  );
  return written ? 'done' : 'moved';
}

/** Every order, one at a time, read in `_id` order by one cursor (a scan: for rebuilds). */
export async function* everyOrder(): AsyncGenerator<StoredOrder> {
  for await (const order of OrderModel.find({}).sort({ _id: 1 }).lean<OrderDoc[]>().cursor()) {
    yield toStoredOrder(order as OrderDoc);
  }
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

/** The orders placed with this e-mail (lower case), newest first, at most `limit`. */
export async function findOrdersByEmail(email: string, limit: number): Promise<StoredOrder[]> {
  const orders = await OrderModel.find({ email })
    .sort(NEWEST_FIRST)
    .limit(limit)
    .lean<OrderDoc[]>();
  return orders.map(toStoredOrder);
}

/**
 * Makes the account the buyer of this e-mail's guest orders: one update, atomic per order, of
 * only those no account has claimed yet. How many it claimed.
 */
export async function giveGuestOrdersTo(email: string, buyerId: string): Promise<number> {
  const { modifiedCount } = await OrderModel.updateMany(
    { email, buyer: null },
    { $set: { buyer: buyerId } },
  );
  return modifiedCount;
}

/** Whether this e-mail (lower case) placed any guest order no account has claimed yet. */
export const hasUnclaimedGuestOrders = async (email: string) =>
  (await OrderModel.exists({ email, buyer: null })) !== null;
