import { notEligible, personalLimitOf, usedUp } from './apply.js';
import {
  countCustomerUse,
  giveBackCustomerUses,
  holdCustomerUse,
  releaseCustomerUses,
} from './customer-uses.js';
import { findDiscounts, releaseUse, reserveUse, returnUse, settleUse } from './repository.js';

/**
 * The discounts' part of a checkout's reservation (see the checkout feature): one use of each
 * discount a checkout applies, and of the person's own uses where it limits them, held under the
 * reservation's key until its expiry, so that a shopper who cannot have the last use of a
 * limited code is told before paying; then settled (counted in `used`) once its order is paid,
 * or released. Each is one update guarded on the discount's (or the person's) entry for the
 * key, so each happens once whoever tries.
 */

/** A checkout's reservation as the discounts hold it. */
export interface DiscountReservation {
  key: string;
  discountIds: readonly string[];
  expiresAt: Date;
  /** The mailbox of the shopper's e-mail: the person whose uses it holds. */
  person: string;
}

const nameOf = (discount: { code: string | null; title: string }) =>
  discount.code ?? discount.title;

/**
 * Holds one use of each discount, and one of the person's own where it limits them, until
 * `expiresAt`; at the first one used up, gives back what it held and answers why: the sentence
 * a quote would say, or, the person's uses taken (by another checkout of theirs too), the same
 * words whatever their condition.
 */
export async function reserveDiscountUses({
  key,
  discountIds,
  expiresAt,
  person,
}: DiscountReservation): Promise<string | null> {
  const held: string[] = [];
  const refuse = async (why: string) => {
    await releaseDiscountUses({ key, discountIds: held, person });
    return why;
  };
  const discounts = await findDiscounts(discountIds);
  for (const id of discountIds) {
    const discount = discounts.get(id);
    const name = discount ? nameOf(discount) : 'This discount';
    if ((await reserveUse(id, key, expiresAt)) === 'used-up') return refuse(usedUp(name));
    held.push(id);
    const limit = discount ? personalLimitOf(discount) : null;
    if (limit !== null && !(await holdCustomerUse(id, person, key, expiresAt, limit))) {
      return refuse(notEligible(name));
    }
  }
  return null;
}

/** Gives back the uses still held for `key`, the discounts' and the person's; once. */
export async function releaseDiscountUses({
  key,
  discountIds,
  person,
}: Pick<DiscountReservation, 'key' | 'discountIds' | 'person'>) {
  await Promise.all([
    ...discountIds.map((id) => releaseUse(id, key)),
    releaseCustomerUses(discountIds, person, key),
  ]);
}

/** Counts the uses still held for `key` in each discount (its order was paid); once. */
export async function settleDiscountUses(key: string, discountIds: readonly string[]) {
  await Promise.all(discountIds.map((id) => settleUse(id, key)));
}

/**
 * Counts the payment's order among the person's orders with each discount that limits them:
 * the use held for the reservation becomes the order's (or, for a checkout that holds none, one
 * is taken in the update that checks the limit). Why it was refused (having given back what it
 * counted), or null. Counting the same payment again changes nothing.
 */
export async function countShopperUses(
  { key, discountIds, person }: Pick<DiscountReservation, 'key' | 'discountIds' | 'person'>,
  paymentId: string,
): Promise<string | null> {
  const discounts = await findDiscounts(discountIds);
  for (const id of discountIds) {
    const discount = discounts.get(id);
    const limit = discount ? personalLimitOf(discount) : null;
    if (!discount || limit === null) continue;
    if (!(await countCustomerUse(id, person, key, paymentId, limit))) {
      await giveBackCustomerUses(paymentId);
      return notEligible(nameOf(discount));
    }
  }
  return null;
}

/** Gives back everything the payment's order counted in its discounts (it was cancelled); once. */
export async function giveBackDiscountUses(discountIds: readonly string[], paymentId: string) {
  await Promise.all(discountIds.map((id) => returnUse(id, paymentId)));
  await giveBackCustomerUses(paymentId);
}
