import { isDuplicateKeyError } from '../../lib/errors.js';
import { CustomerUsesModel } from './model.js';

/**
 * Each person's uses of the discounts limited per customer, beside the discounts' repository:
 * one document per discount and person (the mailbox of their e-mail, lib/mailbox.ts: an account
 * and the guests of its mailbox are one person), whose `taken` (uses held for checkouts, and
 * orders counted) is checked against the limit in the update that takes a use, so that two
 * checkouts of one person, in any process, never both get the last one.
 */

const idOf = (discountId: string, person: string) => `${discountId}:${person}`;
const holdPath = (key: string) => `holds.${key}`;

/** How many paid orders the person placed with each of these discounts (absent: none). */
export async function customerUses(
  discountIds: readonly string[],
  person: string,
): Promise<Map<string, number>> {
  const docs = await CustomerUsesModel.find({
    _id: { $in: discountIds.map((id) => idOf(id, person)) },
  }).lean<{ discountId: string; count: number }[]>();
  return new Map(docs.map((doc) => [doc.discountId, doc.count]));
}

/**
 * Holds one of the person's uses of the discount for the reservation `key` until `expiresAt`,
 * in the one update that checks `limit` (an upsert: a person's first use creates the count);
 * false when the person's uses are all taken. Holding again under the same key holds nothing
 * more.
 */
export async function holdCustomerUse(
  discountId: string,
  person: string,
  key: string,
  expiresAt: Date,
  limit: number,
): Promise<boolean> {
  const _id = idOf(discountId, person);
  try {
    await CustomerUsesModel.updateOne(
      { _id, taken: { $lt: limit }, [holdPath(key)]: { $exists: false } },
      {
        $inc: { taken: 1 },
        $set: { [holdPath(key)]: expiresAt },
        $setOnInsert: { discountId, count: 0, payments: [] },
      },
      { upsert: true },
    );
    return true;
  } catch (err) {
    // The filter refused an existing document, so the upsert tried to insert its `_id` again.
    if (!isDuplicateKeyError(err)) throw err;
    return Boolean(await CustomerUsesModel.exists({ _id, [holdPath(key)]: { $exists: true } }));
  }
}

/** Gives back the uses still held for `key` (its checkout ended without an order); once. */
export async function releaseCustomerUses(
  discountIds: readonly string[],
  person: string,
  key: string,
): Promise<void> {
  if (discountIds.length === 0) return;
  await CustomerUsesModel.updateMany(
    {
      _id: { $in: discountIds.map((id) => idOf(id, person)) },
      [holdPath(key)]: { $exists: true },
    },
    { $unset: { [holdPath(key)]: '' }, $inc: { taken: -1 } },
  );
}

/**
 * Counts the payment's order among the person's orders with the discount: the use held for the
 * reservation `key` becomes the order's; without one (a checkout started by the previous
 * version), one is taken in the update that checks `limit`. True when counted now or already
 * for this payment, false when the person's uses are all taken.
 */
export async function countCustomerUse(
  discountId: string,
  person: string,
  key: string,
  paymentId: string,
  limit: number,
): Promise<boolean> {
  const _id = idOf(discountId, person);
  const held = await CustomerUsesModel.updateOne(
    { _id, [holdPath(key)]: { $exists: true }, payments: { $ne: paymentId } },
    { $inc: { count: 1 }, $push: { payments: paymentId }, $unset: { [holdPath(key)]: '' } },
  );
  if (held.modifiedCount > 0) return true;
  try {
    await CustomerUsesModel.updateOne(
      { _id, taken: { $lt: limit }, payments: { $ne: paymentId } },
      {
        $inc: { count: 1, taken: 1 },
        $push: { payments: paymentId },
        $setOnInsert: { discountId },
      },
      { upsert: true },
    );
    return true;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    return Boolean(await CustomerUsesModel.exists({ _id, payments: paymentId }));
  }
}

/** Gives back the payment's use of any discount by any person, once. */
export async function giveBackCustomerUses(paymentId: string): Promise<void> {
  await CustomerUsesModel.updateMany(
    { payments: paymentId },
    { $pull: { payments: paymentId }, $inc: { count: -1, taken: -1 } },
  );
}
