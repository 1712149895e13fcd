import type { RandomCart } from './random-carts.js';

/**
 * Issue 27's pricing rule written a second time, apart from features/checkout/pricing.ts and
 * as plainly as the issue states it, for the tests to compare against: rounding by adding half
 * the divisor to a non-negative dividend, tiers looked up by a loop, totals summed line by line.
 */

/** round(a / b) half away from zero, for a ≥ 0 and b > 0. */
const roundHalfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

interface Split {
  net: bigint;
  tax: bigint;
  gross: bigint;
}

function taxed(amount: bigint, bp: bigint, inclusive: boolean): Split {
  if (inclusive) {
    const tax = amount - roundHalfUp(amount * 10000n, 10000n + bp);
    return { net: amount - tax, tax, gross: amount };
  }
  const tax = roundHalfUp(amount * bp, 10000n);
  return { net: amount, tax, gross: amount + tax };
}

export interface ExpectedPrice {
  lines: { net: number; tax: number; gross: number }[];
  subtotal: number;
  /** Methods offered, by id, with their price as entered. */
  offered: Record<string, number>;
  shipping: { methodId: string; net: number; tax: number; gross: number } | null;
  tax: number;
  total: number;
}

export function expectedPrice(cart: RandomCart): ExpectedPrice {
  const inclusive = cart.pricesIncludeTax;
  const lines = cart.lines.map((line) =>
    taxed(
      BigInt(line.unitPrice) * BigInt(line.quantity),
      BigInt(cart.bpOf[line.taxClass]),
      inclusive,
    ),
  );
  let subtotal = 0n;
  let weight = 0;
  for (const [i, line] of lines.entries()) {
    subtotal += inclusive ? line.gross : line.net;
    weight += (cart.lines[i]?.weightGrams ?? 0) * (cart.lines[i]?.quantity ?? 0);
  }
  const offered: Record<string, number> = {};
  for (const method of cart.methods) {
    let price: number | undefined;
    const rate = method.rate;
    if (rate.kind === 'flat') price = rate.price;
    if (rate.kind === 'pickup') price = 0;
    if (rate.kind === 'weight') {
      for (const tier of rate.tiers) {
        if (weight <= tier.upToGrams) {
          price = tier.price;
          break;
        }
      }
    }
    if (rate.kind === 'subtotal') {
      for (const tier of rate.tiers) {
        if (subtotal <= BigInt(tier.upTo)) {
          price = tier.price;
          break;
        }
      }
    }
    if (price === undefined) continue;
    if (method.freeOver !== null && subtotal >= BigInt(method.freeOver)) price = 0;
    offered[method._id] = price;
  }
  const chosenPrice = cart.chosenMethodId === null ? undefined : offered[cart.chosenMethodId];
  const shipping =
    chosenPrice === undefined || cart.chosenMethodId === null
      ? null
      : {
          methodId: cart.chosenMethodId,
          ...taxed(BigInt(chosenPrice), BigInt(cart.bpOf[cart.shippingClass]), inclusive),
        };
  let tax = shipping?.tax ?? 0n;
  let total = shipping?.gross ?? 0n;
  for (const line of lines) {
    tax += line.tax;
    total += line.gross;
  }
  const n = (value: bigint) => Number(value);
  return {
    lines: lines.map((line) => ({ net: n(line.net), tax: n(line.tax), gross: n(line.gross) })),
    subtotal: n(subtotal),
    offered,
    shipping: shipping && {
      methodId: shipping.methodId,
      net: n(shipping.net),
      tax: n(shipping.tax),
      gross: n(shipping.gross),
    },
    tax: n(tax),
    total: n(total),
  };
}
