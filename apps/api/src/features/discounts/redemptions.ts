import { usedByShopper, usedUp } from './apply.js';
import {
  countCustomerUse,
  countRedemption,
  discountsRedeemedBy,
  findDiscount,
  giveBackCustomerUses,
  giveBackRedemption,
} from './repository.js';

/**
 * Counts one order (its payment) in each discount it was placed with: the shopper's uses first
 * (checked against `perCustomerLimit` in the update that counts them), then the discount's
 * (checked against `usageLimit` likewise). Counting the same payment again changes nothing, so
 * a placement that is replayed or finished by another process counts once. Answers why it was
 * refused, having given back what it counted, or null when every one was counted. A discount
 * deleted meanwhile counts nothing.
 */
export async function redeemDiscounts(
  discountIds: readonly string[],
  shopperKey: string,
  paymentId: string,
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
    if (!(await countRedemption(id, paymentId))) {
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
