import type { DiscountRule, ShopperFacts } from './apply.js';
import { findCandidates } from './repository.js';

/** Who asks for a cart's discounts, when their per-customer conditions are judged. */
export interface KnownShopper {
  /** Whether a refusal may say which condition failed (see ShopperFacts). */
  verified: boolean;
  /** Whether these are all the orders and uses paying will judge them on (see ShopperFacts). */
  complete: boolean;
  /** Their paid orders so far, asked only when a first-order discount is a candidate. */
  ordersSoFar: () => Promise<number>;
  /** Their orders with each of these discounts (absent: none), asked only when one limits them. */
  usesOf: (discountIds: readonly string[]) => Promise<Map<string, number>>;
}

/** What a cart's discounts depend on, as the database has it now (see ./apply.ts's rules). */
export interface DiscountInputs {
  /** The active automatic discounts, and the discount of the asked code if there is one. */
  candidates: DiscountRule[];
  /** The code the shopper gave, in capitals; null: none. */
  askedCode: string | null;
  shopper: ShopperFacts | null;
  now: Date;
}

/** The code as stored (capitals), or null when none was given. */
export const normalCode = (code: string | null | undefined): string | null =>
  code?.trim() ? code.trim().toUpperCase() : null;

/**
 * The candidates for a cart with the code `code` (as typed), and what the rules need to know of
 * the shopper: read only when a candidate asks (a first-order discount, a per-shopper limit).
 * `ownKey`: the reservation of the checkout priced again, whose held uses are its own.
 */
export async function discountInputs(
  code: string | null,
  shopper: KnownShopper | null,
  ownKey: string | null = null,
): Promise<DiscountInputs> {
  const askedCode = normalCode(code);
  const now = new Date();
  const candidates = await findCandidates(askedCode, now, ownKey);
  const limitedPerShopper = candidates.filter((d) => d.perCustomerLimit !== null);
  const [ordersSoFar, uses] = await Promise.all([
    shopper && candidates.some((d) => d.firstOrderOnly) ? shopper.ordersSoFar() : 0,
    shopper && limitedPerShopper.length > 0
      ? shopper.usesOf(limitedPerShopper.map((d) => d._id))
      : new Map<string, number>(),
  ]);
  return {
    candidates,
    askedCode,
    shopper: shopper
      ? { ordersSoFar, uses, verified: shopper.verified, complete: shopper.complete }
      : null,
    now,
  };
}
