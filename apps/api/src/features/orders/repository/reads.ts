import { type ListQuery, pageOffset } from '@shop/contracts';
import mongoose from 'mongoose';
import { literally } from '../../../lib/literal-pattern.js';
import { mailboxOf } from '../../../lib/mailbox.js';
import { type OrderDoc, OrderModel } from '../model.js';
import type { OrderSelection, StoredOrder } from '../order.js';
import { toStoredOrder } from './documents.js';

/**
 * The orders' reads: the only module, with ./writes.ts and ./numbers.ts, that reads the orders'
 * collection. They hand out the domain's shape (../order.ts): amounts in minor units.
 */

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
  const order = await OrderModel.findOne({ paymentId: paymentIntentId }).lean<OrderDoc>();
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
  const orders = await ordersOfPeople([{ buyer: buyerId }], {
    'products.productId': 1,
    'payment.success': 1,
    status: 1,
  });
  return orders.some(
    (order) =>
      isPaidAndStands(order) &&
      order.products?.some((line) => String(line.productId) === productId),
  );
}

/** What a person's orders are read with to be counted here. */
interface CountedOrder {
  payment?: { success?: boolean };
  status?: string;
  products?: { productId?: unknown }[];
  breakdown?: { discounts?: { _id?: unknown }[] };
}

const isPaid = (order: CountedOrder) => order.payment?.success === true;
const isPaidAndStands = (order: CountedOrder) => isPaid(order) && order.status !== 'cancel';

/**
 * The orders of these people (an `$or` of equalities on indexed top-level fields: a mailbox, a
 * buyer), with only `projection`, for the code to count: a person has few orders, and a nested
 * or boolean condition in the filter (`payment.success`) made the embedded FerretDB read every
 * order of the shop instead of the person's, at every quote of a first-order discount.
 */
const ordersOfPeople = (people: Record<string, string>[], projection: Record<string, 1>) =>
  OrderModel.find(people.length === 1 ? (people[0] as object) : { $or: people }, projection).lean<
    CountedOrder[]
  >();

/** How many orders there are of this PaymentIntent (all of them without one). */
export const countOrders = (by: { paymentId?: string } = {}) =>
  OrderModel.countDocuments(by.paymentId ? { paymentId: by.paymentId } : {});

/**
 * How many paid orders one person has placed (a first-order discount asks): those of their
 * mailbox (lib/mailbox.ts), whatever the spelling, and of their account when they have one;
 * without a mailbox, only the account's own.
 */
export const countPaidOrdersOf = async ({
  mailbox,
  buyerId,
}: { mailbox: string; buyerId?: string } | { mailbox?: undefined; buyerId: string }) =>
  (
    await ordersOfPeople(
      [...(mailbox ? [{ mailbox }] : []), ...(buyerId ? [{ buyer: buyerId }] : [])],
      { 'payment.success': 1 },
    )
  ).filter(isPaid).length;

/**
 * How many paid orders, not cancelled, the account placed itself with each of these discounts
 * (absent: none): its own uses, whatever its mailbox's guests did.
 */
export async function countAccountUsesOf(
  buyerId: string,
  discountIds: readonly string[],
): Promise<Map<string, number>> {
  if (discountIds.length === 0) return new Map();
  const orders = (
    await ordersOfPeople([{ buyer: buyerId }], {
      'breakdown.discounts._id': 1,
      'payment.success': 1,
      status: 1,
    })
  ).filter(isPaidAndStands);
  const counts = new Map<string, number>();
  for (const id of discountIds) {
    const count = orders.filter((order) =>
      order.breakdown?.discounts?.some((discount) => String(discount._id) === id),
    ).length;
    if (count > 0) counts.set(id, count);
  }
  return counts;
}

/** Every order, one at a time, read in `_id` order by one cursor (a scan: for rebuilds). */
export async function* everyOrder(): AsyncGenerator<StoredOrder> {
  for await (const order of OrderModel.find({}).sort({ _id: 1 }).lean<OrderDoc[]>().cursor()) {
    yield toStoredOrder(order as OrderDoc);
  }
}

/**
 * The orders placed with any spelling of this e-mail's mailbox (lib/mailbox.ts), newest first,
 * at most `limit`.
 */
export async function findOrdersOfMailbox(email: string, limit: number): Promise<StoredOrder[]> {
  const orders = await OrderModel.find({ mailbox: mailboxOf(email) })
    .sort(NEWEST_FIRST)
    .limit(limit)
    .lean<OrderDoc[]>();
  return orders.map(toStoredOrder);
}

/** Whether the mailbox of this e-mail placed a guest order no account has claimed yet. */
export const hasUnclaimedGuestOrders = async (email: string) =>
  (await OrderModel.exists({ mailbox: mailboxOf(email), buyer: null })) !== null;

/**
 * Up to `limit` orders on the sweep's list (`refundsListed`), oldest first, with the ids of the
 * refunds they list pending: none for one whose last pending refund ended since.
 */
export async function ordersWithPendingRefunds(
  limit: number,
): Promise<{ order: StoredOrder; pending: string[] }[]> {
  const orders = await OrderModel.find({ refundsListed: 1 })
    .sort({ _id: 1 })
    .limit(limit)
    .lean<OrderDoc[]>();
  return orders.map((order) => ({
    order: toStoredOrder(order),
    pending: order.pendingRefunds ?? [],
  }));
}
