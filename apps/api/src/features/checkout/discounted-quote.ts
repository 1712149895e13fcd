import { discountsForCart, type KnownShopper } from '../discounts/index.js';
import { countPaidOrdersOf, type OrderDiscount } from '../orders/index.js';
import type { PricedLine } from './cart.js';
import { type LineToPrice, type PricedCart, splitTax } from './pricing.js';
import { type Shopper, shopperEmail, shopperKey } from './shopper.js';

/** The code a shopper gives with a cart, and who they are when known. */
export interface DiscountAsk {
  code: string | null;
  shopper: Shopper | null;
  /** The discount hold of the payment being placed (its use is its own). */
  heldBy?: string | null;
}

export const NO_DISCOUNT_ASKED: DiscountAsk = { code: null, shopper: null };

/** What the discounts did to a quote, in minor units (see ../discounts/apply.ts). */
export interface QuoteDiscounts {
  applied: OrderDiscount[];
  refusal: string | null;
  /** What came off each line, as entered, in the quote's line order. */
  lineDiscounts: number[];
  shippingDiscount: number;
}

type Line = PricedLine & LineToPrice;

async function knownShopper(shopper: Shopper | null): Promise<KnownShopper | null> {
  if (!shopper) return null;
  // A guest's earlier orders are those its e-mail placed (guest orders and an account's alike).
  const ordersSoFar = await countPaidOrdersOf(
    shopper.kind === 'account'
      ? { buyerId: shopper.user._id }
      : { email: shopperEmail(shopper).toLowerCase() },
  );
  return { key: shopperKey(shopper), ordersSoFar };
}

/**
 * The priced cart with its discounts taken off the goods before tax: each line's and the
 * shipping's amount as entered, less its discount, split into net, tax and gross again (with
 * prices that include tax, the tax comes out of the discounted gross). The subtotal stays the
 * goods before discounts; the methods offered keep their prices (they were chosen on it).
 */
export async function discountPricedCart(
  priced: PricedCart<Line>,
  {
    pricesIncludeTax,
    shippingBp,
    currency,
  }: {
    pricesIncludeTax: boolean;
    shippingBp: number;
    currency: string;
  },
  ask: DiscountAsk,
): Promise<{ priced: PricedCart<Line>; discounts: QuoteDiscounts }> {
  const entered = (amounts: { net: number; gross: number }) =>
    pricesIncludeTax ? amounts.gross : amounts.net;
  const outcome = await discountsForCart({
    lines: priced.lines.map(({ productId, categoryId, unitPrice, quantity }) => ({
      productId,
      categoryId,
      unitPrice,
      quantity,
    })),
    shipping: priced.shipping ? entered(priced.shipping) : 0,
    code: ask.code,
    heldBy: ask.heldBy ?? null,
    shopper: await knownShopper(ask.shopper),
    currency,
  });
  const lines = priced.lines.map((line, i) => ({
    ...line,
    ...splitTax(entered(line) - (outcome.lineDiscounts[i] ?? 0), line.bp, pricesIncludeTax),
  }));
  const { shipping } = priced;
  const discountedShipping = shipping && {
    ...shipping,
    ...splitTax(entered(shipping) - outcome.shippingDiscount, shippingBp, pricesIncludeTax),
  };
  const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);
  return {
    priced: {
      ...priced,
      lines,
      shipping: discountedShipping,
      tax: sum(lines.map((line) => line.tax)) + (discountedShipping?.tax ?? 0),
      total: sum(lines.map((line) => line.gross)) + (discountedShipping?.gross ?? 0),
    },
    discounts: {
      applied: outcome.applied.map(({ discount, amount }) => ({
        _id: discount._id,
        code: discount.code,
        title: discount.title,
        amount,
      })),
      refusal: outcome.refusal,
      lineDiscounts: outcome.lineDiscounts,
      shippingDiscount: outcome.shippingDiscount,
    },
  };
}
