import { formatMinorUnits } from '@shop/contracts';
import { applyDiscounts, type DiscountLine, type DiscountOutcome } from './apply.js';
import { customerUses, findCandidates } from './repository.js';

/** Who asks for a cart's discounts, when known: their key (checkout's shopperKey) and orders. */
export interface KnownShopper {
  key: string;
  ordersSoFar: number;
}

export interface CartDiscountsRequest {
  lines: readonly DiscountLine[];
  /** As entered, in minor units; 0 without a shipping method. */
  shipping: number;
  /** As the shopper typed it (any case); null or empty: none. */
  code: string | null;
  shopper: KnownShopper | null;
  currency: string;
  /** The hold of the payment being placed, whose use is its own; null: a new checkout. */
  heldBy: string | null;
}

/** The code as stored (capitals), or null when none was given. */
export const normalCode = (code: string | null | undefined): string | null =>
  code?.trim() ? code.trim().toUpperCase() : null;

/** The discounts of a cart as the database has them now (see ./apply.ts for the rules). */
export async function discountsForCart(request: CartDiscountsRequest): Promise<DiscountOutcome> {
  const askedCode = normalCode(request.code);
  const now = new Date();
  const candidates = await findCandidates(askedCode, now, request.heldBy);
  const { shopper } = request;
  const uses = shopper
    ? await customerUses(
        candidates.map((discount) => discount._id),
        shopper.key,
      )
    : null;
  return applyDiscounts({
    lines: request.lines,
    shipping: request.shipping,
    candidates,
    askedCode,
    shopper: shopper && uses ? { ordersSoFar: shopper.ordersSoFar, uses } : null,
    now,
    formatAmount: (minor) => formatMinorUnits(minor, request.currency),
  });
}
