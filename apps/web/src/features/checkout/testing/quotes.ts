import type { QuoteResponse } from '@shop/contracts';

export const QUOTE = '/api/v1/order/quote';

/**
 * A quote as the server answers it, by default of a shop that ships nothing (no zones): the
 * goods alone, untaxed, in the test shop's currency (see replies.store).
 */
export const quoteOf = (overrides: Partial<QuoteResponse> = {}): QuoteResponse => ({
  currency: 'inr',
  pricesIncludeTax: false,
  lines: [],
  subtotal: 24.5,
  methods: [],
  shipping: null,
  tax: 0,
  total: 24.5,
  discounts: [],
  discountRefusal: null,
  totalRefusal: null,
  discountNotice: null,
  ...overrides,
});

/** A cart line as the checkout's calls send it. */
interface AskedLine {
  _id: string;
  variant?: string;
  quantity?: number;
}

/**
 * The API's quote of whatever cart is asked for, line by line, each with the units the test
 * says are to be had (`available`, by variant id; 100 for any other), amounts as `quoteOf`'s.
 */
export const quoteOfCart =
  (available: Record<string, number> = {}) =>
  ({ body }: { body: unknown }) => ({
    status: 200,
    body: quoteOf({
      lines: (body as { cart: AskedLine[] }).cart.map((line) => {
        const variant = line.variant ?? line._id;
        return {
          product: line._id,
          variant,
          quantity: line.quantity ?? 1,
          unitPrice: 0,
          net: 0,
          tax: 0,
          gross: 0,
          taxRate: 0,
          discount: 0,
          available: available[variant] ?? 100,
        };
      }),
    }),
  });
