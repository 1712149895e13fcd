import { type ListQuery, pageOffset } from '@shop/contracts';
import type { OrderReturn, ReturnStatus } from '@shop/contracts/returns';
import mongoose from 'mongoose';
import type { OrderActor, StoredOrder } from '../order.js';
import { type ReturnDoc, ReturnModel } from './return-model.js';

/**
 * The returns as stored: the only module that reads or writes them. Each move is one update
 * conditioned on the status the return leaves (FerretDB v1 has no transactions), so of two
 * admins moving one return, one moves it and the other finds it moved.
 */

/** A return as the server works with it: its steps' dates as ISO texts. */
export type StoredReturn = OrderReturn;

/** The statuses of a return whose units are still asked for (not yet refunded, nor let go). */
export const OPEN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received'];

const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

const unitsOf = (lines: readonly { sku?: string | null; quantity?: number | null }[]) =>
  lines.map(({ sku, quantity }) => ({ sku: sku ?? '', quantity: quantity ?? 0 }));

/** The returned lines, named as the order's lines were when it was asked. */
const returnedLinesOf = (lines: ReturnDoc['lines']): StoredReturn['lines'] =>
  lines.map(({ sku, quantity, name, options }) => ({
    sku,
    quantity,
    ...(name ? { name } : {}),
    ...(options
      ? { options: Object.fromEntries(options.map((o) => [o.name ?? '', o.value ?? ''])) }
      : {}),
  }));

const toReturn = (doc: ReturnDoc): StoredReturn => ({
  _id: String(doc._id),
  orderId: String(doc.order),
  orderNumber: doc.orderNumber,
  lines: returnedLinesOf(doc.lines),
  reason: doc.reason,
  // The schema's enums admit only these values.
  status: doc.status as ReturnStatus,
  history: doc.history.map(({ status, at, by }) => ({
    status: status as ReturnStatus,
    at: new Date(at).toISOString(),
    by: { _id: String(by?._id), name: by?.name ?? '', role: by?.role as OrderActor['role'] },
  })),
  restock: unitsOf(doc.restock),
  restocked: doc.restocked ?? false,
  refundId: doc.refundId ?? null,
  createdAt: new Date(doc.createdAt).toISOString(),
});

/** A step taken now. */
const stepNow = (status: ReturnStatus, by: OrderActor) => ({ status, at: new Date(), by });

/** Records a new return of `order`'s lines, `requested` by `by`, each line named as bought. */
export async function insertReturn(
  order: Pick<StoredOrder, '_id' | 'number' | 'lines'>,
  ask: Pick<OrderReturn, 'lines' | 'reason'>,
  by: OrderActor,
): Promise<StoredReturn> {
  const lines = ask.lines.map(({ sku, quantity }) => {
    const bought = order.lines.find((line) => line.variant?.sku === sku);
    const options = Object.entries(bought?.variant?.options ?? {});
    return {
      sku,
      quantity,
      name: bought?.name,
      options: options.map(([name, value]) => ({ name, value })),
    };
  });
  const doc = await ReturnModel.create({
    order: order._id,
    orderNumber: order.number,
    lines,
    reason: ask.reason,
    status: 'requested',
    history: [stepNow('requested', by)],
  });
  return toReturn(doc.toObject() as ReturnDoc);
}

export async function findReturn(returnId: string): Promise<StoredReturn | null> {
  const doc = await ReturnModel.findById(returnId).lean<ReturnDoc>();
  return doc ? toReturn(doc) : null;
}

/** An order's returns, oldest first. */
export async function returnsOfOrder(orderId: string): Promise<StoredReturn[]> {
  const docs = await ReturnModel.find({ order: new mongoose.Types.ObjectId(orderId) })
    .sort({ createdAt: 1, _id: 1 })
    .lean<ReturnDoc[]>();
  return docs.map(toReturn);
}

/** One page of the shop's returns, newest first, of one status or all. */
export async function listReturns(
  status: ReturnStatus | undefined,
  query: ListQuery,
): Promise<{ returns: StoredReturn[]; total: number }> {
  const filter = status ? { status } : {};
  const [docs, total] = await Promise.all([
    ReturnModel.find(filter)
      .sort(NEWEST_FIRST)
      .skip(pageOffset(query))
      .limit(query.perPage)
      .lean<ReturnDoc[]>(),
    ReturnModel.countDocuments(filter),
  ]);
  return { returns: docs.map(toReturn), total };
}

/**
 * Moves the return from `from` to `to`, recording the step, and with `received` what goes
 * back on the shelf (`restocked` and `restockPending` set with it, in the same update, until
 * the units are back: see ../returns/restock.ts), with `refunded` its refund's id. The return as moved, or null when it
 * was not `from` (gone, or moved meanwhile).
 */
export async function moveReturn(
  returnId: string,
  { from, to, by }: { from: ReturnStatus; to: ReturnStatus; by: OrderActor },
  restock: readonly { sku: string; quantity: number }[] = [],
): Promise<StoredReturn | null> {
  const doc = await ReturnModel.findOneAndUpdate(
    { _id: returnId, status: from, ...(to === 'received' ? { restocked: { $ne: true } } : {}) },
    {
      $set: {
        status: to,
        ...(to === 'received'
          ? { restock, restocked: restock.length > 0, restockPending: restock.length > 0 }
          : {}),
        ...(to === 'refunded' ? { refundId: returnId } : {}),
      },
      $push: { history: stepNow(to, by) },
    },
    { new: true },
  ).lean<ReturnDoc>();
  return doc ? toReturn(doc) : null;
}

/** A return whose units to put back on the shelf were recorded, not yet all put back. */
export interface PendingRestock {
  _id: string;
  orderId: string;
  restock: { sku: string; quantity: number }[];
}

const toPendingRestock = (doc: ReturnDoc): PendingRestock => ({
  _id: String(doc._id),
  orderId: String(doc.order),
  restock: unitsOf(doc.restock),
});

/** The return's restock, when it is pending. */
export async function pendingRestockOf(returnId: string): Promise<PendingRestock | null> {
  const doc = await ReturnModel.findOne({ _id: returnId, restockPending: true }).lean<ReturnDoc>();
  return doc ? toPendingRestock(doc) : null;
}

/** Up to `limit` restocks pending since before `before`, oldest first. */
export async function pendingRestocks(before: Date, limit: number): Promise<PendingRestock[]> {
  const docs = await ReturnModel.find({ restockPending: true, updatedAt: { $lt: before } })
    .sort({ updatedAt: 1 })
    .limit(limit)
    .lean<ReturnDoc[]>();
  return docs.map(toPendingRestock);
}

/** The return's units are all back on the shelf. */
export async function markRestockDone(returnId: string): Promise<void> {
  await ReturnModel.updateOne(
    { _id: returnId, restockPending: true },
    { $unset: { restockPending: '' } },
    { timestamps: false },
  );
}
