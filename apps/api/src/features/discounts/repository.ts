import type { DiscountKind } from '@shop/contracts/discount';
import { isDuplicateKeyError } from '../../lib/errors.js';
import { CustomerUsesModel, DiscountModel } from './model.js';

/** A discount as stored: amounts in minor units of the store currency, instants as dates. */
export interface StoredDiscount {
  _id: string;
  title: string;
  code: string | null;
  automatic: boolean;
  kind: DiscountKind;
  value: number | null;
  buy: number | null;
  get: number | null;
  products: string[];
  categories: string[];
  minSubtotal: number | null;
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

const toDiscount = (d: DiscountDoc): StoredDiscount => ({
  _id: String(d._id),
  title: d.title,
  code: d.code ?? null,
  automatic: d.automatic,
  kind: d.kind,
  value: d.value ?? null,
  buy: d.buy ?? null,
  get: d.getUnits ?? null,
  products: (d.products ?? []).map(String),
  categories: (d.categories ?? []).map(String),
  minSubtotal: d.minSubtotal ?? null,
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

/** The payments' list stays in the database: only the limit's update reads it. */
const WITHOUT_PAYMENTS = { payments: 0 } as const;

/** Absent fields rather than nulls, so that the code's sparse unique index skips automatic ones. */
function stored(fields: DiscountFields) {
  const set: Record<string, unknown> = {};
  const unset: Record<string, ''> = {};
  for (const [field, value] of Object.entries(fields)) {
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

/**
 * The active automatic discounts and the discount of `code` (in capitals), paused or not, with
 * the uses left as a payment started now or placed under `ownHold` may have them: holds expired
 * by `now` (not swept yet) and the payment's own hold count as left.
 */
export async function findCandidates(
  code: string | null,
  now: Date,
  ownHold: string | null,
): Promise<StoredDiscount[]> {
  const docs = await DiscountModel.find(
    code === null
      ? { automatic: true, active: true }
      : { $or: [{ automatic: true, active: true }, { code }] },
    WITHOUT_PAYMENTS,
  ).lean<(DiscountDoc & { holds?: Record<string, Date> })[]>();
  return docs.map((doc) => {
    const discount = toDiscount(doc);
    if (discount.usesLeft === null) return discount;
    const releasable = Object.entries(doc.holds ?? {}).filter(
      ([holdId, until]) => holdId === ownHold || until <= now,
    ).length;
    return { ...discount, usesLeft: discount.usesLeft + releasable };
  });
}

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
    const current = await findDiscount(id);
    if (!current) return null;
    const { set, unset } = stored(fields);
    // Held uses stay held under a new limit; without a limit nothing is held any more.
    const held =
      current.usageLimit === null || current.usesLeft === null
        ? 0
        : Math.max(0, current.usageLimit - current.used - current.usesLeft);
    if (fields.usageLimit === null) {
      unset.usesLeft = '';
      unset.holds = '';
    } else set.usesLeft = Math.max(0, fields.usageLimit - current.used - held);
    const { matchedCount } = await DiscountModel.updateOne(
      {
        _id: id,
        used: current.used,
        usesLeft: current.usesLeft === null ? { $exists: false } : current.usesLeft,
      },
      { $set: set, ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}) },
    );
    if (matchedCount > 0) return findDiscount(id);
  }
}

export async function removeDiscount(id: string): Promise<boolean> {
  const { deletedCount } = await DiscountModel.deleteOne({ _id: id });
  if (deletedCount > 0) await CustomerUsesModel.deleteMany({ discountId: id });
  return deletedCount > 0;
}

/** How many orders the shopper placed with each of these discounts (absent: none). */
export async function customerUses(
  discountIds: readonly string[],
  shopperKey: string,
): Promise<Map<string, number>> {
  const docs = await CustomerUsesModel.find({
    _id: { $in: discountIds.map((id) => `${id}:${shopperKey}`) },
  }).lean<{ discountId: string; count: number }[]>();
  return new Map(docs.map((doc) => [doc.discountId, doc.count]));
}

const holdPath = (holdId: string) => `holds.${holdId}`;

/**
 * Holds one use of a limited discount until `until`, out of `usesLeft` in the update that checks
 * it: 'held', 'unlimited' (nothing to hold), or 'used-up'.
 */
export async function holdUse(
  discountId: string,
  holdId: string,
  until: Date,
): Promise<'held' | 'unlimited' | 'used-up'> {
  const { modifiedCount } = await DiscountModel.updateOne(
    { _id: discountId, usesLeft: { $gt: 0 } },
    { $inc: { usesLeft: -1 }, $set: { [holdPath(holdId)]: until } },
    { timestamps: false },
  );
  if (modifiedCount > 0) return 'held';
  const unlimited = await DiscountModel.exists({ _id: discountId, usesLeft: { $exists: false } });
  return unlimited ? 'unlimited' : 'used-up';
}

/**
 * Gives a held use back, once: any time (its payment failed to start), or only when it expired
 * by `expiredBy` (a sweep, from any process).
 */
export async function releaseHold(discountId: string, holdId: string, expiredBy?: Date) {
  await DiscountModel.updateOne(
    {
      _id: discountId,
      usesLeft: { $exists: true },
      [holdPath(holdId)]: expiredBy ? { $lte: expiredBy } : { $exists: true },
    },
    { $unset: { [holdPath(holdId)]: '' }, $inc: { usesLeft: 1 } },
    { timestamps: false },
  );
}

/** The discount's holds that expired by `now`. */
export async function expiredHolds(discountId: string, now: Date): Promise<string[]> {
  const doc = await DiscountModel.findById(discountId, { holds: 1 }).lean<{
    holds?: Record<string, Date>;
  }>();
  return Object.entries(doc?.holds ?? {})
    .filter(([, until]) => until <= now)
    .map(([holdId]) => holdId);
}

/**
 * Counts the payment's order in the discount's `used`: its hold turned into the redemption when
 * it still stands, else in the one update that checks the limit (`usesLeft > 0`). True when
 * counted now or already for this payment, false when used up.
 */
export async function countRedemption(
  discountId: string,
  paymentId: string,
  holdId: string | null,
): Promise<boolean> {
  const notYet = { _id: discountId, payments: { $ne: paymentId } };
  if (holdId) {
    const fromHold = await DiscountModel.updateOne(
      { ...notYet, [holdPath(holdId)]: { $exists: true } },
      {
        $unset: { [holdPath(holdId)]: '' },
        $inc: { used: 1 },
        $push: { payments: paymentId },
      },
      { timestamps: false },
    );
    if (fromHold.modifiedCount > 0) return true;
  }
  const limited = await DiscountModel.updateOne(
    { ...notYet, usesLeft: { $gt: 0 } },
    { $inc: { used: 1, usesLeft: -1 }, $push: { payments: paymentId } },
    { timestamps: false },
  );
  if (limited.modifiedCount > 0) return true;
  const unlimited = await DiscountModel.updateOne(
    { ...notYet, usesLeft: { $exists: false } },
    { $inc: { used: 1 }, $push: { payments: paymentId } },
    { timestamps: false },
  );
  if (unlimited.modifiedCount > 0) return true;
  return Boolean(await DiscountModel.exists({ _id: discountId, payments: paymentId }));
}

/** Gives back the payment's redemption of the discount, once, and what it counted. */
export async function giveBackRedemption(discountId: string, paymentId: string): Promise<void> {
  const counted = { _id: discountId, payments: paymentId };
  const pull = { $pull: { payments: paymentId } };
  const limited = await DiscountModel.updateOne(
    { ...counted, usesLeft: { $exists: true } },
    { ...pull, $inc: { used: -1, usesLeft: 1 } },
    { timestamps: false },
  );
  if (limited.modifiedCount === 0) {
    await DiscountModel.updateOne(
      { ...counted, usesLeft: { $exists: false } },
      { ...pull, $inc: { used: -1 } },
      { timestamps: false },
    );
  }
}

/**
 * Counts the payment's order among the shopper's orders with the discount, in the one update
 * that checks `limit` (an upsert: a shopper's first use creates the count); true when counted
 * now or already for this payment, false when the shopper has used it `limit` times.
 */
export async function countCustomerUse(
  discountId: string,
  shopperKey: string,
  paymentId: string,
  limit: number,
): Promise<boolean> {
  const _id = `${discountId}:${shopperKey}`;
  try {
    await CustomerUsesModel.updateOne(
      { _id, count: { $lt: limit }, payments: { $ne: paymentId } },
      { $inc: { count: 1 }, $push: { payments: paymentId }, $setOnInsert: { discountId } },
      { upsert: true },
    );
    return true;
  } catch (err) {
    // The filter refused an existing count, so the upsert tried to insert its `_id` again.
    if (!isDuplicateKeyError(err)) throw err;
    return Boolean(await CustomerUsesModel.exists({ _id, payments: paymentId }));
  }
}

/** Gives back the payment's use of any discount by any shopper, once. */
export async function giveBackCustomerUses(paymentId: string): Promise<void> {
  await CustomerUsesModel.updateMany(
    { payments: paymentId },
    { $pull: { payments: paymentId }, $inc: { count: -1 } },
  );
}

/** The discounts whose `used` counts this payment. */
export async function discountsRedeemedBy(paymentId: string): Promise<string[]> {
  const docs = await DiscountModel.find({ payments: paymentId }, { _id: 1 }).lean<
    { _id: unknown }[]
  >();
  return docs.map((doc) => String(doc._id));
}
