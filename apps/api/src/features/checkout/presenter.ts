import { type QuoteResponse, toMajorUnits } from '@shop/contracts';
import { fromBasisPoints } from '@shop/contracts/tax';
import type { Minor } from '../../lib/money.js';
import type { CartQuote } from './pricing/quote.js';

/**
 * The quote as the API answers it: major units of its currency, rates as decimals; each line's
 * units to be had counting those the asking shopper holds (`heldByShopper`, by variant id).
 */
export function quoteResponse(
  { currency, pricesIncludeTax, priced, totalRefusal }: CartQuote,
  heldByShopper: ReadonlyMap<string, number> = new Map(),
): QuoteResponse {
  const major = (amount: Minor) => toMajorUnits(amount, currency);
  const { shipping } = priced;
  return {
    currency,
    pricesIncludeTax,
    lines: priced.lines.map((line) => ({
      product: line.productId,
      variant: line.variantId,
      quantity: line.quantity,
      unitPrice: major(line.unitPrice),
      net: major(line.net),
      tax: major(line.tax),
      gross: major(line.gross),
      taxRate: fromBasisPoints(line.bp),
      discount: major(line.discount),
      available: line.available + (heldByShopper.get(line.variantId) ?? 0),
    })),
    subtotal: major(priced.subtotal),
    methods: priced.offered.map(({ _id, name, price, minDays, maxDays }) => ({
      _id,
      name,
      price: major(price),
      minDays,
      maxDays,
    })),
    shipping: shipping && {
      method: { _id: shipping.method._id, name: shipping.method.name },
      net: major(shipping.net),
      tax: major(shipping.tax),
      gross: major(shipping.gross),
      ...(shipping.discount ? { discount: major(shipping.discount) } : {}),
    },
    tax: major(priced.tax),
    total: major(priced.total),
    discounts: priced.discounts.map((discount) => ({
      ...discount,
      amount: major(discount.amount),
    })),
    discountRefusal: priced.refusal,
    totalRefusal,
    discountNotice: priced.notice,
  };
}
