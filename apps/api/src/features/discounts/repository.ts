import type { DiscountKind } from '@shop/contracts/discount';
import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import { type Minor, minor } from '../../lib/money.js';
import { CustomerUsesModel, DiscountModel } from './model.js';

/**
 * A discount as the server works with it, apart from the contract's JSON (./presenter.ts makes
 * that): amounts in minor units of the store currency, instants as dates.
 */
export interface StoredDiscount {
  _id: string;
  title: string;
  code: string | null;
  automatic: boolean;
  kind: DiscountKind;
  /** What a `fixed` discount takes off; null for any other kind. */
  amountOff: Minor | null;
  /** The whole percentage a `percentage` discount takes off; null for any other kind. */
  percentOff: number | null;
  buy: number | null;
  get: number | null;
  products: string[];
  categories: string[];
  minSubtotal: Minor | null;
  startsAt: Date | null;
  endsAt: Date | null;
  firstOrderOnly: boolean;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  combinable: boolean;
  active: boolean;
  used: number;
  /** Null without a limit. */
  usesLeft: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export type DiscountFields = Omit<
  StoredDiscount,
  '_id' | 'used' | 'usesLeft' | 'createdAt' | 'updatedAt'
>;

interface DiscountDoc {
  _id: unknown;
  title: string;
  code?: string | null;
  automatic: boolean;
  kind: DiscountKind;
  value?: number | null;
  buy?: number | null;
  getUnits?: number | null;
  products?: unknown[];
  categories?: unknown[];
  minSubtotal?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
  firstOrderOnly: boolean;
  usageLimit?: number | null;
  perCustomerLimit?: number | null;
  combinable: boolean;
  active: boolean;
  used: number;
  usesLeft?: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored number as minor units; null when absent. */
const amountOf = (stored: number | null | undefined) => (stored == null ? null : minor(stored));

const toDiscount = (d: DiscountDoc): StoredDiscount => ({
  _id: String(d._id),
  title: d.title,
  code: d.code ?? null,
  automatic: d.automatic,
  kind: d.kind,
  // One stored field: a fixed discount's amount, or a percentage's whole percent.
  amountOff: d.kind === 'fixed' ? amountOf(d.value) : null,
  percentOff: d.kind === 'percentage' ? (d.value ?? null) : null,
  buy: d.buy ?? null,
  get: d.getUnits ?? null,
  products: (d.products ?? []).map(String),
  categories: (d.categories ?? []).map(String),
  minSubtotal: amountOf(d.minSubtotal),
  startsAt: d.startsAt ?? null,
  endsAt: d.endsAt ?? null,
  firstOrderOnly: d.firstOrderOnly,
  usageLimit: d.usageLimit ?? null,
  perCustomerLimit: d.perCustomerLimit ?? null,
  combinable: d.combinable,
  active: d.active,
  used: d.used,
  usesLeft: d.usesLeft ?? null,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/**
 * The lists that only updates' filters read stay in the database: the payments an earlier
 * version counted, and the cancelled payments whose use was given back.
 */
const WITHOUT_PAYMENTS = { payments: 0, returned: 0 } as const;

/** Absent fields rather than nulls, so that the code's sparse unique index skips automatic ones. */
function stored({ amountOff, percentOff, ...fields }: DiscountFields) {
  const set: Record<string, unknown> = {};
  const unset: Record<string, ''> = {};
  const named = { ...fields, value: amountOff ?? percentOff };
  for (const [field, value] of Object.entries(named)) {
    const key = field === 'get' ? 'getUnits' : field;
    if (value === null) unset[key] = '';
    else set[key] = value;
  }
  return { set, unset };
}

export async function listDiscounts(): Promise<StoredDiscount[]> {
  const docs = await DiscountModel.find({}, WITHOUT_PAYMENTS)
    .sort({ createdAt: -1, _id: -1 })
    .lean<DiscountDoc[]>();
  return docs.map(toDiscount);
}

export async function findDiscount(id: string): Promise<StoredDiscount | null> {
  const doc = await DiscountModel.findById(id, WITHOUT_PAYMENTS).lean<DiscountDoc>();
  return doc ? toDiscount(doc) : null;
}

/** The discounts of these ids that exist, by id, in one read. */
export async function findDiscounts(ids: readonly string[]): Promise<Map<string, StoredDiscount>> {
  // Most carts carry no discount: asking the database about no ids is a command for nothing.
  if (ids.length === 0) return new Map();
  const docs = await DiscountModel.find({ _id: { $in: ids } }, WITHOUT_PAYMENTS).lean<
    DiscountDoc[]
  >();
  return new Map(docs.map((doc) => [String(doc._id), toDiscount(doc)]));
}

/**
 * The active automatic discounts and the discount of `code` (in capitals), paused or not, with
 * the uses left as a checkout started now (or the checkout whose reservation is `ownKey`) may
 * have them: uses held by checkouts whose reservation expired by `now` (the sweep gives them
 * back within seconds), and its own, count as left.
 */
export async function findCandidates(
  code: string | null,
  now: Date,
  ownKey: string | null,
): Promise<StoredDiscount[]> {
  const docs = await candidateDocs(code);
  return docs.map((doc) => {
    const discount = toDiscount(doc);
    if (discount.usesLeft === null) return discount;
    const releasable = Object.entries(doc.holds ?? {}).filter(
      ([key, until]) => key === ownKey || until <= now,
    ).length;
    return { ...discount, usesLeft: discount.usesLeft + releasable };
  });
}

type CandidateDoc = DiscountDoc & { holds?: Record<string, Date> };

/**
 * Every quote and checkout reads the candidates of its code: each process keeps them for a
 * second, so an admin's change made in another process shows here within that; any write to
 * the discounts made here (a use held or counted included) forgets them at once. The checkout
 * holds a use by one guarded update, so a use counted as left a moment too long refuses no one
 * wrongly and lets no one past a limit. Kept by database, since a test process opens several.
 */
const CANDIDATES_KEPT_MS = 1000;
const keptCandidates = new LRUCache<string, CandidateDoc[]>({ max: 1000, ttl: CANDIDATES_KEPT_MS });

async function candidateDocs(code: string | null): Promise<CandidateDoc[]> {
  const key = `${mongoose.connection.name}:${code ?? ''}`;
  const kept = keptCandidates.get(key);
  if (kept) return kept;
  // The automatic ones are those without a code: asked by the code alone (missing matches
  // null), which the embedded FerretDB answers from the code's index, where `automatic: true,
  // active: true` (booleans) read every discount, a shop's thousands of codes each second.
  const found = await DiscountModel.find(
    { code: code === null ? null : { $in: [null, code] } },
    WITHOUT_PAYMENTS,
  ).lean<CandidateDoc[]>();
  const docs = found.filter(
    (doc) => (code !== null && doc.code === code) || (doc.automatic && doc.active),
  );
  keptCandidates.set(key, docs);
  return docs;
}

/** What this process keeps of the discounts is stale after one of its writes. */
const forgetKept = () => keptCandidates.clear();

/** Whether another discount than `exceptId` has the code (in capitals). */
export const codeInUse = async (code: string, exceptId: string) =>
  Boolean(await DiscountModel.exists({ code, _id: { $ne: exceptId } }));

/** Throws a duplicate-key error when the code is taken. */
export async function insertDiscount(fields: DiscountFields): Promise<StoredDiscount> {
  const { set } = stored(fields);
  const created = await DiscountModel.create({
    ...set,
    used: 0,
    ...(fields.usageLimit === null ? {} : { usesLeft: fields.usageLimit }),
  });
  forgetKept();
  return toDiscount(created.toObject() as DiscountDoc);
}

/**
 * Replaces the discount's fields; `usesLeft` follows a new limit in the same update, which
 * holds only while `used` and `usesLeft` are what was read (a redemption or a hold meanwhile:
 * read and try again).
 * Null when none has the id; a duplicate-key error when the code is taken.
 */
export async function replaceDiscount(
  id: string,
  fields: DiscountFields,
): Promise<StoredDiscount | null> {
  for (;;) {
    const doc = await DiscountModel.findById(id, WITHOUT_PAYMENTS).lean<
      DiscountDoc & { holds?: Record<string, Date> }
    >();
    if (!doc) return null;
    const current = toDiscount(doc);
    const { set, unset } = stored(fields);
    // Uses held for checkouts stay held, under a new limit or none (settled or released later).
    const held = Object.keys(doc.holds ?? {}).length;
    if (fields.usageLimit === null) unset.usesLeft = '';
    else set.usesLeft = Math.max(0, fields.usageLimit - current.used - held);
    const { matchedCount } = await DiscountModel.updateOne(
      {
        _id: id,
        used: current.used,
        usesLeft: current.usesLeft === null ? { $exists: false } : current.usesLeft,
      },
      { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
    );
    if (matchedCount > 0) {
      forgetKept();
      return findDiscount(id);
    }
  }
}

export async function removeDiscount(id: string): Promise<boolean> {
  const { deletedCount } = await DiscountModel.deleteOne({ _id: id });
  if (deletedCount > 0) await CustomerUsesModel.deleteMany({ discountId: id });
  forgetKept();
  return deletedCount > 0;
}

const holdPath = (key: string) => `holds.${key}`;

/**
 * Holds one use of the discount for the reservation `key` until `expiresAt`: out of `usesLeft`
 * in the update that checks it when the discount is limited, else as an entry alone (so that
 * settling it counts it once). 'used-up' when no use is left; holding again under the same key
 * holds nothing more.
 */
export async function reserveUse(
  discountId: string,
  key: string,
  expiresAt: Date,
): Promise<'held' | 'used-up'> {
  const notYet = { _id: discountId, [holdPath(key)]: { $exists: false } };
  const set = { $set: { [holdPath(key)]: expiresAt } };
  const limited = await DiscountModel.updateOne(
    { ...notYet, usesLeft: { $gt: 0 } },
    { ...set, $inc: { usesLeft: -1 } },
    { timestamps: false },
  );
  forgetKept();
  if (limited.modifiedCount > 0) return 'held';
  const unlimited = await DiscountModel.updateOne(
    { ...notYet, usesLeft: { $exists: false } },
    set,
    { timestamps: false },
  );
  if (unlimited.modifiedCount > 0) return 'held';
  const heldAlready = await DiscountModel.exists({
    _id: discountId,
    [holdPath(key)]: { $exists: true },
  });
  return heldAlready ? 'held' : 'used-up';
}

/** Gives the use held for `key` back (to `usesLeft` when limited), if it is still held; once. */
export async function releaseUse(discountId: string, key: string): Promise<void> {
  const held = { _id: discountId, [holdPath(key)]: { $exists: true } };
  const unset = { $unset: { [holdPath(key)]: '' } };
  const limited = await DiscountModel.updateOne(
    { ...held, usesLeft: { $exists: true } },
    { ...unset, $inc: { usesLeft: 1 } },
    { timestamps: false },
  );
  if (limited.matchedCount === 0) await DiscountModel.updateOne(held, unset, { timestamps: false });
  forgetKept();
}

/** Counts the use held for `key` in `used` (its order was paid), if it is still held; once. */
export async function settleUse(discountId: string, key: string): Promise<void> {
  await DiscountModel.updateOne(
    { _id: discountId, [holdPath(key)]: { $exists: true } },
    { $unset: { [holdPath(key)]: '' }, $inc: { used: 1 } },
    { timestamps: false },
  );
  forgetKept();
}

/**
 * Gives back the use the payment's order counted (the order was cancelled), once: the payment is
 * recorded in `returned`, in the same update. An order placed by an earlier version was
 * counted in `payments` instead, which the update also takes it out of.
 */
export async function returnUse(discountId: string, paymentId: string): Promise<void> {
  const notReturned = { _id: discountId, [`returned.${paymentId}`]: { $exists: false } };
  const change = {
    $set: { [`returned.${paymentId}`]: true },
    $pull: { payments: paymentId },
  };
  const limited = await DiscountModel.updateOne(
    { ...notReturned, usesLeft: { $exists: true } },
    { ...change, $inc: { used: -1, usesLeft: 1 } },
    { timestamps: false },
  );
  if (limited.matchedCount === 0) {
    await DiscountModel.updateOne(
      { ...notReturned, usesLeft: { $exists: false } },
      { ...change, $inc: { used: -1 } },
      { timestamps: false },
    );
  }
  forgetKept();
}

/**
 * Every use held for a reservation of an earlier version (any key but those in `kept`, the
 * checkouts kept now), given back: the upgrade's migration. How many it gave back.
 */
export async function releaseEveryUse(kept: ReadonlySet<string>): Promise<number> {
  const docs = await DiscountModel.find({ holds: { $exists: true } }, { holds: 1 }).lean<
    { _id: unknown; holds?: Record<string, Date> }[]
  >();
  let released = 0;
  for (const doc of docs) {
    for (const key of Object.keys(doc.holds ?? {})) {
      if (kept.has(key)) continue;
      await releaseUse(String(doc._id), key);
      released += 1;
    }
  }
  return released;
}
