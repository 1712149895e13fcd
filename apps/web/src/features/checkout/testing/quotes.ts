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
  discountNotice: null,
  ...overrides,
});
