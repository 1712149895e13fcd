import mongoose from 'mongoose';
import type { Outcome } from './batches.js';

/**
 * The migrations' reads and writes of `discount_customer_uses` as the versions before per-person
 * limits keyed it: one document per discount and *spelling* (`<discountId>:account:<id>` or
 * `<discountId>:guest:<e-mail>`), with `count` and the counted `payments` (one each) but no
 * `taken`. Straight through the driver, so that the discounts' repository carries none of this.
 */
const uses = () =>
  mongoose.connection.collection<{
    _id: string;
    discountId: string;
    count: number;
    taken?: number;
    payments?: string[];
    holds?: Record<string, Date>;
  }>('discount_customer_uses');

/** How the versions before per-person limits named a shopper in a document's `_id`. */
type OldShopperKey = { account: string } | { guest: string };

const OLD_KEY = /^([0-9a-f]{24}):(account|guest):(.+)$/;

/** The shopper an old document's `_id` names, or null for a document keyed as today. */
export function oldShopperOf(id: string): OldShopperKey | null {
  const [, , kind, who] = OLD_KEY.exec(id) ?? [];
  if (!who) return null;
  return kind === 'account' ? { account: who } : { guest: who };
}

/** The ids of the documents still keyed by a spelling: one scan. */
export async function customerUsesUnderOldKeys(): Promise<string[]> {
  const found = await uses()
    .find({ _id: { $regex: OLD_KEY.source } }, { projection: { _id: 1 } })
    .toArray();
  return found.map(({ _id }) => _id);
}

/**
 * Moves the old document's counted payments into the document of its discount and `person`
 * (created when none), whose `count` and `taken` become the payments it then holds (a payment
 * is counted once, whichever spellings counted it), then removes the old document, only while
 * its count is the one read: 'changed' when a process of the previous version counted or gave
 * back a use meanwhile (read again: carrying its payments again changes nothing).
 */
export async function moveCustomerUses(oldId: string, person: string): Promise<Outcome> {
  const old = await uses().findOne({ _id: oldId });
  if (!old) return 'done before';
  const payments = old.payments ?? [];
  if (payments.length > 0) {
    const _id = `${old.discountId}:${person}`;
    await uses().updateOne(
      { _id },
      {
        $addToSet: { payments: { $each: payments } },
        $setOnInsert: { discountId: old.discountId },
      },
      { upsert: true },
    );
    await countPaymentsOf(_id);
  }
  const { deletedCount } = await uses().deleteOne({ _id: oldId, count: old.count });
  return deletedCount > 0 ? 'done' : 'changed';
}

/**
 * Sets the document's `count` and `taken` to the payments it holds, in an update made only while
 * they are as many as read: another spelling of the same person moved in meanwhile, read again.
 */
async function countPaymentsOf(_id: string) {
  for (;;) {
    const merged = await uses().findOne({ _id });
    const count = merged?.payments?.length ?? 0;
    const taken = count + Object.keys(merged?.holds ?? {}).length;
    const { matchedCount } = await uses().updateOne(
      { _id, payments: { $size: count } },
      { $set: { count, taken } },
    );
    if (matchedCount > 0) return;
  }
}

/** Removes the old document (its uses count nobody any more). */
export async function dropCustomerUses(oldId: string): Promise<Outcome> {
  const { deletedCount } = await uses().deleteOne({ _id: oldId });
  return deletedCount > 0 ? 'done' : 'done before';
}
