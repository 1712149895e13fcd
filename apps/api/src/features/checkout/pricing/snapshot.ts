import type { PricedSnapshot } from '../checkout.js';
import type { CartQuote } from './quote.js';

/** The quote as the checkout keeps it: what the card is authorized for and the order records. */
export function snapshotOf({
  currency,
  pricesIncludeTax,
  country,
  priced,
}: CartQuote): PricedSnapshot {
  const { shipping } = priced;
  return {
    currency,
    pricesIncludeTax,
    country,
    lines: priced.lines.map((line) => ({
      productId: line.productId,
      variantId: line.variantId,
      quantity: line.quantity,
      name: line.name,
      sku: line.sku,
      options: line.options,
      unitPrice: line.unitPrice,
      net: line.net,
      tax: line.tax,
      gross: line.gross,
      bp: line.bp,
      discount: line.discount,
    })),
    subtotal: priced.subtotal,
    shipping: shipping && {
      methodId: shipping.method._id,
      name: shipping.method.name,
      net: shipping.net,
      tax: shipping.tax,
      gross: shipping.gross,
      discount: shipping.discount,
    },
    discounts: priced.discounts,
    tax: priced.tax,
    total: priced.total,
  };
}
