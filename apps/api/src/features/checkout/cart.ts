import type { CartItem } from '@shop/contracts';
import type { AskedLine } from './pricing/quote.js';

const keyOf = (line: AskedLine) => `${line.productId}.${line.variantId ?? ''}`;

/**
 * The cart as the browser sends it (the spec's list of products, each naming its variant unless
 * it has one): duplicate entries mean more units, an entry without a quantity counts as one.
 */
export function linesOf(cart: readonly CartItem[]): AskedLine[] {
  const byKey = new Map<string, AskedLine>();
  for (const item of cart) {
    const line = {
      productId: item._id.toLowerCase(),
      variantId: item.variant?.toLowerCase() ?? null,
      quantity: item.quantity ?? 1,
    };
    const same = byKey.get(keyOf(line));
    byKey.set(keyOf(line), same ? { ...same, quantity: same.quantity + line.quantity } : line);
  }
  return [...byKey.values()];
}
