import { type Order, toMajorUnits, toMinorUnits } from '@shop/contracts';
import { fromBasisPoints } from '@shop/contracts/tax';

/**
 * What an order cost, line by line, as the checkout's one pricing made it (issue 27): stored in
 * minor units of the order's currency (`payment.currency`), rates in basis points, and answered
 * in the API's major units. Orders placed before shipping and taxes have none; they answer no
 * shipping, no tax, and their payment's amount as the total.
 */

export interface OrderAmounts {
  net: number;
  tax: number;
  gross: number;
}

/** A discount the order was placed with and what it took off. */
export interface OrderDiscount {
  _id: string;
  code: string | null;
  title: string;
  amount: number;
}

export interface OrderBreakdown {
  pricesIncludeTax: boolean;
  /** One per order line, in the order lines' order. */
  lines: (OrderAmounts & { bp: number })[];
  subtotal: number;
  shipping: (OrderAmounts & { methodId: string; name: string }) | null;
  tax: number;
  total: number;
  discounts?: OrderDiscount[];
}

/** As stored, read back (the schema requires every field; the shipping may be null). */
export function toBreakdown(stored: {
  pricesIncludeTax: boolean;
  lines: { net: number; tax: number; gross: number; bp: number }[];
  subtotal: number;
  shipping?: { methodId: unknown; name: string; net: number; tax: number; gross: number } | null;
  tax: number;
  total: number;
  discounts?: { _id: unknown; code?: string | null; title: string; amount: number }[] | null;
}): OrderBreakdown {
  const { shipping } = stored;
  return {
    pricesIncludeTax: stored.pricesIncludeTax,
    lines: stored.lines.map(({ net, tax, gross, bp }) => ({ net, tax, gross, bp })),
    subtotal: stored.subtotal,
    shipping: shipping
      ? {
          methodId: String(shipping.methodId),
          name: shipping.name,
          net: shipping.net,
          tax: shipping.tax,
          gross: shipping.gross,
        }
      : null,
    tax: stored.tax,
    total: stored.total,
    ...(stored.discounts?.length
      ? {
          discounts: stored.discounts.map(({ _id, code, title, amount }) => ({
            _id: String(_id),
            code: code ?? null,
            title,
            amount,
          })),
        }
      : {}),
  };
}

type AnsweredLine = Order['products'][number];

/**
 * The order's figures as the API answers them. An order of an earlier version was charged its
 * lines and nothing else: each line's price × quantity, untaxed, and the payment's amount.
 */
export function answeredBreakdown<Line extends Pick<AnsweredLine, 'price' | 'quantity'>>(
  order: { payment: { amount: number; currency: string }; breakdown?: OrderBreakdown | undefined },
  lines: readonly Line[],
): Pick<Order, 'pricesIncludeTax' | 'subtotal' | 'shipping' | 'tax' | 'total'> & {
  products: (Line & Pick<AnsweredLine, 'net' | 'tax' | 'gross' | 'taxRate'>)[];
} {
  const { currency } = order.payment;
  const major = (minor: number) => toMajorUnits(minor, currency);
  const { breakdown } = order;
  if (!breakdown) {
    const total = major(order.payment.amount);
    return {
      products: lines.map((line) => {
        const amount = major(toMinorUnits(line.price, currency) * line.quantity);
        return { ...line, net: amount, tax: 0, gross: amount, taxRate: 0 };
      }),
      pricesIncludeTax: false,
      subtotal: total,
      shipping: null,
      tax: 0,
      total,
    };
  }
  return {
    products: lines.map((line, i) => {
      const amounts = breakdown.lines[i] ?? { net: 0, tax: 0, gross: 0, bp: 0 };
      return {
        ...line,
        net: major(amounts.net),
        tax: major(amounts.tax),
        gross: major(amounts.gross),
        taxRate: fromBasisPoints(amounts.bp),
      };
    }),
    pricesIncludeTax: breakdown.pricesIncludeTax,
    subtotal: major(breakdown.subtotal),
    shipping: breakdown.shipping && {
      method: { _id: breakdown.shipping.methodId, name: breakdown.shipping.name },
      net: major(breakdown.shipping.net),
      tax: major(breakdown.shipping.tax),
      gross: major(breakdown.shipping.gross),
    },
    tax: major(breakdown.tax),
    total: major(breakdown.total),
  };
}
