import { randomUUID } from 'node:crypto';
import { usedByShopper, usedUp } from './apply.js';
import {
  countCustomerUse,
  countRedemption,
  discountsRedeemedBy,
  expiredHolds,
  findDiscount,
  giveBackCustomerUses,
  giveBackRedemption,
  holdUse,
  releaseHold,
} from './repository.js';

/**
 * How long a use stays held for a payment being made: long enough to type a card, short enough
 * that an abandoned checkout does not keep a "first 100" use from the next shopper for long.
 */
const HOLD_MS = 15 * 60 * 1000;

/**
 * Holds one use of each limited discount for a payment about to start, so that a shopper who
 * cannot have the last use is told before paying. Expired holds of those discounts are swept
 * first (one conditional update each, from whichever process comes by). Answers the hold's id
 * (for the payment's metadata) or why it was refused, having released what it held.
 */
export async function holdDiscounts(
  discountIds: readonly string[],
): Promise<{ holdId: string } | { refusal: string }> {
  const holdId = randomUUID().replaceAll('-', '');
  const now = new Date();
  for (const id of discountIds) {
    for (const expired of await expiredHolds(id, now)) await releaseHold(id, expired, now);
    if ((await holdUse(id, holdId, new Date(now.getTime() + HOLD_MS))) === 'used-up') {
      await releaseHeldUses(discountIds, holdId);
      const discount = await findDiscount(id);
      return { refusal: usedUp(discount?.code ?? discount?.title ?? 'This discount') };
    }
  }
  return { holdId };
}

/** Gives back the uses held under `holdId` (its payment could not be started), once. */
export async function releaseHeldUses(discountIds: readonly string[], holdId: string) {
  for (const id of discountIds) await releaseHold(id, holdId);
}

/**
 * Counts one order (its payment) in each discount it was placed with: the shopper's uses first
 * (checked against `perCustomerLimit` in the update that counts them), then the discount's
 * (its hold turned into the redemption, or checked against `usageLimit` in the update that
 * counts it when the hold expired and was swept). Counting the same payment again changes
 * nothing, so a placement that is replayed or finished by another process counts once. Answers
 * why it was refused, having given back what it counted, or null when every one was counted. A
 * discount deleted meanwhile counts nothing.
 */
export async function redeemDiscounts(
  discountIds: readonly string[],
  shopperKey: string,
  paymentId: string,
  holdId: string | null,
): Promise<string | null> {
  for (const id of discountIds) {
    const discount = await findDiscount(id);
    if (!discount) continue;
    const name = discount.code ?? discount.title;
    const { perCustomerLimit } = discount;
    if (
      perCustomerLimit !== null &&
      !(await countCustomerUse(id, shopperKey, paymentId, perCustomerLimit))
    ) {
      await giveBackRedemptions(paymentId);
      return usedByShopper(name);
    }
    if (!(await countRedemption(id, paymentId, holdId))) {
      await giveBackRedemptions(paymentId);
      return usedUp(name);
    }
  }
  return null;
}

/** Gives back every redemption the payment counted (its order cancelled or refunded), once. */
export async function giveBackRedemptions(paymentId: string): Promise<void> {
  for (const id of await discountsRedeemedBy(paymentId)) await giveBackRedemption(id, paymentId);
  await giveBackCustomerUses(paymentId);
}
