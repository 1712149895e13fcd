/**
 * The one pricing of a cart (issue 27, item 5): what the quote shows, what the card is charged
 * and what the order records all come from `priceCart`. Pure and in integers: amounts in minor
 * units of one currency, tax rates in basis points (1900 for 19%), weights in grams. Products
 * and shipping read from the database are turned into these numbers by the caller.
 */
import type { ShippingMethod } from '../shipping/index.js';

export type { ShippingMethod } from '../shipping/index.js';

/** One line of the cart: the unit price as entered, its units, a unit's weight and tax rate. */
export interface LineToPrice {
  unitPrice: number;
  quantity: number;
  weightGrams: number;
  bp: number;
}

export interface CartToPrice<Line extends LineToPrice> {
  lines: readonly Line[];
  /** The methods of the zone serving the delivery country, in the zone's order. */
  methods: readonly ShippingMethod[];
  /** The method the shopper chose, if any; not offered for this cart means no shipping. */
  chosenMethodId: string | null;
  pricesIncludeTax: boolean;
  /** The rate of the shipping tax class in the delivery country. */
  shippingBp: number;
}

export interface Amounts {
  net: number;
  tax: number;
  gross: number;
}

export interface PricedCart<Line extends LineToPrice> {
  lines: (Line & Amounts)[];
  /** Σ line gross when prices include tax, else Σ line net: the goods as the shop shows them. */
  subtotal: number;
  weightGrams: number;
  /** The methods offered for this cart, each with what it costs (as entered: gross or net). */
  offered: (ShippingMethod & { price: number })[];
  shipping: (Amounts & { method: ShippingMethod }) | null;
  tax: number;
  total: number;
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
function toAmount(value: bigint): number {
  const amount = Number(value);
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Amount out of range: ${value}`);
  return amount;
}

/**
 * Net, tax and gross of an amount as entered. Exclusive: tax = round(net × bp / 10000).
 * Inclusive: tax = gross − round(gross × 10000 / (10000 + bp)). BigInt, so that no product of a
 * large amount and a rate ever passes the float's exact range.
 */
export function splitTax(entered: number, bp: number, pricesIncludeTax: boolean): Amounts {
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
function tierPrice<Tier extends { price: number }>(
  tiers: readonly Tier[],
  bound: (tier: Tier) => number,
  value: number,
): number | null {
  return tiers.find((tier) => bound(tier) >= value)?.price ?? null;
}

/** What a method costs for this cart (as entered), or null when it is not offered for it. */
export function methodPrice(
  method: ShippingMethod,
  cart: { subtotal: number; weightGrams: number },
): number | null {
  const { rate } = method;
  const price =
    rate.kind === 'flat'
      ? rate.price
      : rate.kind === 'pickup'
        ? 0
        : rate.kind === 'weight'
          ? tierPrice(rate.tiers, (tier) => tier.upToGrams, cart.weightGrams)
          : tierPrice(rate.tiers, (tier) => tier.upTo, cart.subtotal);
  if (price === null) return null;
  return method.freeOver !== null && cart.subtotal >= method.freeOver ? 0 : price;
}

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

/** Prices a cart by the rule above: lines, subtotal, methods offered, shipping, tax and total. */
export function priceCart<Line extends LineToPrice>(cart: CartToPrice<Line>): PricedCart<Line> {
  const lines = cart.lines.map((line) => ({
    ...line,
    ...splitTax(line.unitPrice * line.quantity, line.bp, cart.pricesIncludeTax),
  }));
  const subtotal = sum(lines.map((line) => (cart.pricesIncludeTax ? line.gross : line.net)));
  const weightGrams = sum(cart.lines.map((line) => line.weightGrams * line.quantity));
  const offered = cart.methods.flatMap((method) => {
    const price = methodPrice(method, { subtotal, weightGrams });
    return price === null ? [] : [{ ...method, price }];
  });
  const chosen = offered.find((method) => method._id === cart.chosenMethodId);
  const shipping = chosen
    ? { method: chosen, ...splitTax(chosen.price, cart.shippingBp, cart.pricesIncludeTax) }
    : null;
  return {
    lines,
    subtotal,
    weightGrams,
    offered,
    shipping,
    tax: sum(lines.map((line) => line.tax)) + (shipping?.tax ?? 0),
    total: sum(lines.map((line) => line.gross)) + (shipping?.gross ?? 0),
  };
}
