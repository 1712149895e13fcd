import { findOpenCheckoutOf } from './repository.js';
import { type Shopper, shopperKey } from './shopper.js';

/**
 * The units of each variant the shopper's open checkout holds, by variant id: theirs to have
 * again, since starting to pay again gives that reservation back before taking the next one
 * (openCheckout). So the cart counts them among the units this shopper can have.
 */
export async function unitsHeldBy(shopper: Shopper): Promise<Map<string, number>> {
  const open = await findOpenCheckoutOf(shopperKey(shopper));
  const held = new Map<string, number>();
  for (const { variantId, quantity } of open?.reservation.units ?? []) {
    held.set(variantId, (held.get(variantId) ?? 0) + quantity);
  }
  return held;
}
