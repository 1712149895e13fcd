import { type QuoteResponse, toMajorUnits, toMinorUnits } from '@shop/contracts';
import { fromBasisPoints } from '@shop/contracts/tax';
import { badRequest } from '../../lib/errors.js';
import type { OrderBreakdown } from '../orders/index.js';
import { shippingZones, zoneFor } from '../shipping/index.js';
import { storeSettings } from '../store/index.js';
import { taxRateFor, taxSettings } from '../tax/index.js';
import { type CartLine, type PricedLine, priceLines } from './cart.js';
import { countryCodeOf } from './delivery.js';
import {
  type DiscountAsk,
  discountPricedCart,
  NO_DISCOUNT_ASKED,
  type QuoteDiscounts,
} from './discounted-quote.js';
import { type LineToPrice, type PricedCart, priceCart } from './pricing.js';

/** A cart priced for one delivery country and shipping method, in the store's currency. */
export interface CartQuote {
  currency: string;
  pricesIncludeTax: boolean;
  /** The ISO code of the country it was priced for; null for a name no region has. */
  country: string | null;
  /** Whether the zone serving that country has methods (offered to this cart or not). */
  ships: boolean;
  /** After the discounts (see ./discounted-quote.ts). */
  priced: PricedCart<PricedLine & LineToPrice>;
  discounts: QuoteDiscounts;
}

/**
 * Prices a cart by the one rule (./pricing.ts) from the database's prices, weights and tax
 * classes, the store settings, the shipping zones and the tax rates of `country` (as the
 * delivery address has it: a code or a name; null: the store's own country, for a payment
 * started without an address). A shop with zones refuses a country none of them serves. The
 * discounts that apply, and the code asked for by the shopper when known, are taken off.
 */
export async function quoteCart(
  cart: readonly CartLine[],
  country: string | null,
  shippingMethod: string | null,
  discountAsk: DiscountAsk = NO_DISCOUNT_ASKED,
): Promise<CartQuote> {
  const [lines, store, zones, taxes] = await Promise.all([
    priceLines(cart),
    storeSettings(),
    shippingZones(),
    taxSettings(),
  ]);
  const code = country === null ? store.country : countryCodeOf(country);
  const zone = zoneFor(code ?? '', zones);
  if (country !== null && zones.length > 0 && !zone) {
    throw badRequest(`We do not deliver to ${country}`);
  }
  const bpOf = (taxClass: string) => (code ? taxRateFor(taxes, code, taxClass) : 0);
  const methods = country === null ? [] : (zone?.methods ?? []);
  const shippingBp = bpOf(taxes.shippingClass);
  const undiscounted = priceCart({
    lines: lines.map((line) => ({
      ...line,
      unitPrice: toMinorUnits(line.price, store.currency),
      weightGrams: line.weight,
      bp: bpOf(line.taxClass),
    })),
    methods,
    chosenMethodId: shippingMethod,
    pricesIncludeTax: store.pricesIncludeTax,
    shippingBp,
  });
  const { priced, discounts } = await discountPricedCart(
    undiscounted,
    { pricesIncludeTax: store.pricesIncludeTax, shippingBp, currency: store.currency },
    discountAsk,
  );
  return {
    currency: store.currency,
    pricesIncludeTax: store.pricesIncludeTax,
    country: code,
    ships: methods.length > 0,
    priced,
    discounts,
  };
}

/**
 * Refuses to take a payment for the quote unless it ships by a method offered for this cart and
 * address: the one named; none only where the shop has no method for the country at all.
 */
export function requireShippingChosen({ priced, ships }: CartQuote, shippingMethod: string | null) {
  if (shippingMethod !== null && !priced.shipping) {
    throw badRequest('This shipping method is not offered for this address');
  }
  if (shippingMethod === null && priced.offered.length > 0) {
    throw badRequest('Choose a shipping method for this address (shippingMethod)');
  }
  if (shippingMethod === null && ships) {
    // Every method's tiers end below this cart's weight or subtotal.
    throw badRequest('No shipping method of this shop takes this cart to this address');
  }
}

/** The quote as the API answers it: major units of its currency, rates as decimals. */
export function quoteResponse({
  currency,
  pricesIncludeTax,
  priced,
  discounts,
}: CartQuote): QuoteResponse {
  const major = (minor: number) => toMajorUnits(minor, currency);
  const { shipping } = priced;
  return {
    currency,
    pricesIncludeTax,
    lines: priced.lines.map((line, i) => ({
      product: line.productId,
      variant: line.variantId,
      quantity: line.quantity,
      unitPrice: major(line.unitPrice),
      net: major(line.net),
      tax: major(line.tax),
      gross: major(line.gross),
      taxRate: fromBasisPoints(line.bp),
      discount: major(discounts.lineDiscounts[i] ?? 0),
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
      ...(discounts.shippingDiscount ? { discount: major(discounts.shippingDiscount) } : {}),
    },
    tax: major(priced.tax),
    total: major(priced.total),
    discounts: discounts.applied.map((discount) => ({
      ...discount,
      amount: major(discount.amount),
    })),
    discountRefusal: discounts.refusal,
  };
}

/** What the order records of its quote: every amount, in minor units of its currency. */
export function breakdownOf({ pricesIncludeTax, priced, discounts }: CartQuote): OrderBreakdown {
  const { shipping } = priced;
  const discountOf = (amount: number | undefined) => (amount ? { discount: amount } : {});
  return {
    pricesIncludeTax,
    lines: priced.lines.map(({ net, tax, gross, bp }, i) => ({
      net,
      tax,
      gross,
      bp,
      ...discountOf(discounts.lineDiscounts[i]),
    })),
    subtotal: priced.subtotal,
    shipping: shipping && {
      methodId: shipping.method._id,
      name: shipping.method.name,
      net: shipping.net,
      tax: shipping.tax,
      gross: shipping.gross,
      ...discountOf(discounts.shippingDiscount),
    },
    tax: priced.tax,
    total: priced.total,
    ...(discounts.applied.length > 0 ? { discounts: discounts.applied } : {}),
  };
}
