/**
 * The one pricing of a cart: what the quote shows, what the card is charged and what the order
 * records all come from `priceCart`, discounts included. Pure and in integers: amounts in
 * minor units of one currency, tax rates in basis points (1900 for 19%), weights in grams.
 * Products, settings and discounts read from the database are turned into these numbers by
 * ./quote.ts.
 *
 * The rule (docs/features/cart-and-checkout.md, discounts.md): each line's amount as entered
 * (gross when prices include tax, else net) is unit price × quantity; the subtotal is their sum;
 * the methods offered are priced on that subtotal and the cart's weight; the discounts
 * (../../discounts/apply.ts) take their amounts off the lines and the shipping as entered; what
 * is left of each is split into net, tax and gross at its rate; tax and total add up the lines
 * and the shipping.
 */
import { add, type Minor, minor, subtract, sum, times, ZERO } from '../../../lib/money.js';
import { type AppliedAmount, applyDiscounts, type DiscountInputs } from '../../discounts/index.js';
import type { ShippingMethod } from '../../shipping/index.js';

export type { ShippingMethod } from '../../shipping/index.js';

/** One line of the cart: the unit price as entered, its units, a unit's weight and tax rate. */
export interface LineToPrice {
  unitPrice: Minor;
  quantity: number;
  weightGrams: number;
  bp: number;
  /** What a discount may be limited to. */
  productId: string;
  categoryId: string;
}

export interface CartToPrice<Line extends LineToPrice> {
  lines: readonly Line[];
  /** The method the shopper chose, if any; not offered for this cart means no shipping. */
  chosenMethodId: string | null;
}

export interface PriceSettings {
  /** The methods of the zone serving the delivery country, in the zone's order. */
  methods: readonly ShippingMethod[];
  pricesIncludeTax: boolean;
  /** The rate of the shipping tax class in the delivery country. */
  shippingBp: number;
  /** A minor-unit amount as the cart writes it ("$12.50"), for the discounts' refusals. */
  formatAmount: (amount: Minor) => string;
}

export interface Amounts {
  net: Minor;
  tax: Minor;
  gross: Minor;
}

/** A discount the cart gets and what it takes off, in the order they were taken off. */
export interface PricedDiscount {
  _id: string;
  code: string | null;
  title: string;
  amount: Minor;
}

export interface PricedCart<Line extends LineToPrice> {
  /** After their discounts; `discount` is what came off (as entered). */
  lines: (Line & Amounts & { discount: Minor })[];
  /** Σ unit price × quantity as entered: the goods as the shop shows them, before discounts. */
  subtotal: Minor;
  weightGrams: number;
  /** The methods offered for this cart, each with what it costs (as entered: gross or net). */
  offered: (ShippingMethod & { price: Minor })[];
  /** After a free-shipping discount; `discount` is what came off (as entered). */
  shipping: (Amounts & { method: ShippingMethod; discount: Minor }) | null;
  discounts: PricedDiscount[];
  /** Why the code asked for does not apply, one sentence; null when it does or none was asked. */
  refusal: string | null;
  /** That the code, applied, is judged for the shopper when paying (see discounts' apply.ts). */
  notice: string | null;
  tax: Minor;
  total: Minor;
}

const BP_PER_UNIT = 10_000n;

/** `dividend / divisor` rounded half away from zero, for a positive divisor. */
function divideRounded(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  const remainder = dividend % divisor;
  const twiceRemainder = 2n * (remainder < 0n ? -remainder : remainder);
  if (twiceRemainder < divisor) return quotient;
  return dividend < 0n ? quotient - 1n : quotient + 1n;
}

/** Back to a number; amounts past 2^53 minor units are no shop's and would lose units. */
const toAmount = (value: bigint): Minor => minor(Number(value));

/**
 * Net, tax and gross of an amount as entered. Exclusive: tax = round(net × bp / 10000).
 * Inclusive: tax = gross − round(gross × 10000 / (10000 + bp)). BigInt, so that no product of a
 * large amount and a rate ever passes the float's exact range.
 */
export function splitTax(entered: Minor, bp: number, pricesIncludeTax: boolean): Amounts {
  const amount = BigInt(entered);
  const rate = BigInt(bp);
  if (pricesIncludeTax) {
    const net = divideRounded(amount * BP_PER_UNIT, BP_PER_UNIT + rate);
    return { net: toAmount(net), tax: toAmount(amount - net), gross: entered };
  }
  const tax = divideRounded(amount * rate, BP_PER_UNIT);
  return { net: entered, tax: toAmount(tax), gross: toAmount(amount + tax) };
}

/** The price of the first tier whose bound reaches `value`; null past the last tier. */
function tierPrice<Tier extends { price: Minor }>(
  tiers: readonly Tier[],
  bound: (tier: Tier) => number,
  value: number,
): Minor | null {
  return tiers.find((tier) => bound(tier) >= value)?.price ?? null;
}

/** What a method costs for this cart (as entered), or null when it is not offered for it. */
export function methodPrice(
  method: ShippingMethod,
  cart: { subtotal: Minor; weightGrams: number },
): Minor | null {
  const { rate } = method;
  const price =
    rate.kind === 'flat'
      ? rate.price
      : rate.kind === 'pickup'
        ? ZERO
        : rate.kind === 'weight'
          ? tierPrice(rate.tiers, (tier) => tier.upToGrams, cart.weightGrams)
          : tierPrice(rate.tiers, (tier) => tier.upTo, cart.subtotal);
  if (price === null) return null;
  return method.freeOver !== null && cart.subtotal >= method.freeOver ? ZERO : price;
}

const pricedDiscount = ({ discount, amount }: AppliedAmount): PricedDiscount => ({
  _id: discount._id,
  code: discount.code,
  title: discount.title,
  amount,
});

/** Prices a cart by the rule above: lines, subtotal, methods offered, shipping, discounts, tax, total. */
export function priceCart<Line extends LineToPrice>(
  cart: CartToPrice<Line>,
  settings: PriceSettings,
  discounts: DiscountInputs,
): PricedCart<Line> {
  const entered = cart.lines.map((line) => times(line.unitPrice, line.quantity));
  const subtotal = sum(entered);
  const weightGrams = cart.lines.reduce(
    (grams, line) => grams + line.weightGrams * line.quantity,
    0,
  );
  const offered = settings.methods.flatMap((method) => {
    const price = methodPrice(method, { subtotal, weightGrams });
    return price === null ? [] : [{ ...method, price }];
  });
  const chosen = offered.find((method) => method._id === cart.chosenMethodId);
  const shippingCharge = chosen?.price ?? ZERO;
  const outcome = applyDiscounts({
    lines: cart.lines,
    shipping: shippingCharge,
    ...discounts,
    formatAmount: settings.formatAmount,
  });
  const { pricesIncludeTax } = settings;
  const lines = cart.lines.map((line, i) => {
    const discount = outcome.lineDiscounts[i] ?? ZERO;
    return {
      ...line,
      ...splitTax(subtract(entered[i] ?? ZERO, discount), line.bp, pricesIncludeTax),
      discount,
    };
  });
  const shipping = chosen
    ? {
        method: chosen,
        ...splitTax(
          subtract(shippingCharge, outcome.shippingDiscount),
          settings.shippingBp,
          pricesIncludeTax,
        ),
        discount: outcome.shippingDiscount,
      }
    : null;
  return {
    lines,
    subtotal,
    weightGrams,
    offered,
    shipping,
    discounts: outcome.applied.map(pricedDiscount),
    refusal: outcome.refusal,
    notice: outcome.notice,
    tax: add(sum(lines.map((line) => line.tax)), shipping?.tax ?? ZERO),
    total: add(sum(lines.map((line) => line.gross)), shipping?.gross ?? ZERO),
  };
}
