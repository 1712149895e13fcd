import { useQuery } from '@tanstack/react-query';
import { type CartEntry, variantIdOf } from '../../../lib/cart';
import { useDiscountCode } from '../../../lib/discount-code';

/*
 * The last quote's total, kept apart from the quote itself (use-quote.ts) so that a screen the
 * server renders (the home page's discount banner) can read it without the checkout's calls and
 * their schemas.
 */

/** What the cart's lines are, as the quotes of this cart are keyed. */
export const linesOf = (cart: readonly CartEntry[]) =>
  cart.map((entry) => `${entry._id}/${variantIdOf(entry)}x${entry.quantity ?? 1}`);

/**
 * The total the checkout last quoted for these lines and discount code: what the shopper will
 * pay, why the code does not apply (null when it does or there is none), that it is still to
 * be judged at checkout (a code limited per customer), and the units of each line's variant
 * the shopper can have, by variant id.
 */
export interface QuotedTotal {
  total: number;
  currency: string;
  discountRefusal: string | null;
  discountNotice: string | null;
  available: Readonly<Record<string, number>>;
}
export const quotedTotalKey = (lines: readonly string[], discountCode: string | null) =>
  ['quoted-total', lines, discountCode] as const;

/**
 * The total of the last quote of this very cart (its address and method as last chosen) with
 * the shopper's discount code, or undefined before any: the cart's summary shows it, so the
 * cart says one total, the charge's; the code's field shows its refusal or notice; the lines'
 * steppers stop at the units to be had.
 */
export function useQuotedTotal(cart: readonly CartEntry[]): QuotedTotal | null | undefined {
  const discountCode = useDiscountCode();
  return useQuery<QuotedTotal | null>({
    queryKey: quotedTotalKey(linesOf(cart), discountCode),
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}
