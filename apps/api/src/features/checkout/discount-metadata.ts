import { badRequest } from '../../lib/errors.js';
import { holdDiscounts, normalCode, releaseHeldUses } from '../discounts/index.js';

/** The PaymentIntent's metadata keys: the code paid with (capitals), and its uses' hold. */
const DISCOUNT_CODE_KEY = 'discountCode';
const DISCOUNT_HOLD_KEY = 'discountHold';

export const discountMetadata = (code: string | null): Record<string, string> => {
  const stored = normalCode(code);
  return stored ? { [DISCOUNT_CODE_KEY]: stored } : {};
};

/** The code the payment was started with, or null. */
export const discountCodeFromMetadata = (metadata: Record<string, string>): string | null =>
  normalCode(metadata[DISCOUNT_CODE_KEY]);

/** The hold of the payment's discount uses, or null (none limited, or an earlier payment). */
export const discountHoldFromMetadata = (metadata: Record<string, string>): string | null =>
  metadata[DISCOUNT_HOLD_KEY] ?? null;

export interface DiscountHold {
  /** For the payment's metadata. */
  metadata: Record<string, string>;
  /** For a payment that could not start: gives the held uses back, then rethrows. */
  release: (err: unknown) => Promise<never>;
}

/**
 * Holds one use of each limited discount for a payment about to start (400 when one is used
 * up: told before paying).
 */
export async function holdDiscountUses(applied: readonly { _id: string }[]): Promise<DiscountHold> {
  const ids = applied.map((discount) => discount._id);
  const held = ids.length > 0 ? await holdDiscounts(ids) : null;
  if (held && 'refusal' in held) throw badRequest(held.refusal);
  return {
    metadata: held ? { [DISCOUNT_HOLD_KEY]: held.holdId } : {},
    release: async (err) => {
      if (held) await releaseHeldUses(ids, held.holdId);
      throw err;
    },
  };
}
