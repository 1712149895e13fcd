import { normalCode } from '../discounts/index.js';

/** The PaymentIntent's metadata key for the code the shopper paid with, as stored (capitals). */
const DISCOUNT_CODE_KEY = 'discountCode';

export const discountMetadata = (code: string | null): Record<string, string> => {
  const stored = normalCode(code);
  return stored ? { [DISCOUNT_CODE_KEY]: stored } : {};
};

/** The code the payment was started with, or null. */
export const discountCodeFromMetadata = (metadata: Record<string, string>): string | null =>
  normalCode(metadata[DISCOUNT_CODE_KEY]);
