import { usedByShopper, usedUp } from './apply.js';
import {
  countCustomerUse,
  findDiscount,
  giveBackCustomerUses,
  releaseUse,
  reserveUse,
  returnUse,
  settleUse,
} from './repository.js';

/**
 * The discounts' part of a checkout's reservation (see the checkout feature): one use of each
 * discount a checkout applies, held under the reservation's key until its expiry, so that a
 * shopper who cannot have the last use of a limited code is told before paying; then settled
 * (counted in `used`) once its order is paid, or released. Each is one update guarded on the
 * discount's entry for the key, so each happens once whoever tries.
 */

const nameOf = async (discountId: string) => {
  const discount = await findDiscount(discountId);
  return discount?.code ?? discount?.title ?? 'This discount';
};

/**
 * Holds one use of each discount for `key` until `expiresAt`; at the first one used up, gives
 * back what it held and answers why (the sentence a quote would say).
 */
export async function reserveDiscountUses(
  key: string,
  discountIds: readonly string[],
  expiresAt: Date,
): Promise<string | null> {
  const held: string[] = [];
  for (const id of discountIds) {
    if ((await reserveUse(id, key, expiresAt)) === 'used-up') {
      await releaseDiscountUses(key, held);
      return usedUp(await nameOf(id));
    }
    held.push(id);
  }
  return null;
}

/** Gives back the uses still held for `key` (its checkout ended without an order); once. */
export async function releaseDiscountUses(key: string, discountIds: readonly string[]) {
  await Promise.all(discountIds.map((id) => releaseUse(id, key)));
}

/** Counts the uses still held for `key` in each discount (its order was paid); once. */
export async function settleDiscountUses(key: string, discountIds: readonly string[]) {
  await Promise.all(discountIds.map((id) => settleUse(id, key)));
}

/**
 * Counts the payment's order among the shopper's orders with each discount that limits them,
 * in the update that checks the limit: why it was refused (having given back what it counted),
 * or null. Counting the same payment again changes nothing.
 */
export async function countShopperUses(
  discountIds: readonly string[],
  shopperKey: string,
  paymentId: string,
): Promise<string | null> {
  for (const id of discountIds) {
    const discount = await findDiscount(id);
    if (!discount || discount.perCustomerLimit === null) continue;
    if (!(await countCustomerUse(id, shopperKey, paymentId, discount.perCustomerLimit))) {
      await giveBackCustomerUses(paymentId);
      return usedByShopper(discount.code ?? discount.title);
    }
  }
  return null;
}

/** Gives back everything the payment's order counted in its discounts (it was cancelled); once. */
export async function giveBackDiscountUses(discountIds: readonly string[], paymentId: string) {
  await Promise.all(discountIds.map((id) => returnUse(id, paymentId)));
  await giveBackCustomerUses(paymentId);
}
