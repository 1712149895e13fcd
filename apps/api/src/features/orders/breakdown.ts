import { type Minor, minor, times, ZERO } from '../../lib/money.js';

/**
 * What an order cost, line by line, as the checkout's one pricing made it (issue 27): in minor
 * units of the order's currency (`payment.currency`), rates in basis points; ./presenter.ts
 * answers it in the API's major units. An order recorded without one (demo data; migration 008
 * gave one to those placed before shipping and taxes) was charged its lines alone (linesAlone).
 */

export interface OrderAmounts {
  net: Minor;
  tax: Minor;
  gross: Minor;
}

/** A discount the order was placed with and what it took off. */
export interface OrderDiscount {
  _id: string;
  code: string | null;
  title: string;
  amount: Minor;
}

/**
 * Lines and shipping are after their discounts, `discount` being what came off (absent: none);
 * the subtotal is before them.
 */
export interface OrderBreakdown {
  pricesIncludeTax: boolean;
  /** One per order line, in the order lines' order. */
  lines: (OrderAmounts & { bp: number; discount?: Minor })[];
  subtotal: Minor;
  shipping: (OrderAmounts & { methodId: string; name: string; discount?: Minor }) | null;
  tax: Minor;
  total: Minor;
  discounts?: OrderDiscount[];
}

/**
 * What an order charged its lines alone cost: each line's unit price × quantity, untaxed, no
 * shipping, and `amount` (what the payment took) as its subtotal and total.
 */
export const linesAlone = (
  lines: readonly { unitPrice: Minor; quantity: number }[],
  amount: Minor,
): OrderBreakdown => ({
  pricesIncludeTax: false,
  lines: lines.map(({ unitPrice, quantity }) => {
    const paid = times(unitPrice, quantity);
    return { net: paid, tax: ZERO, gross: paid, bp: 0 };
  }),
  subtotal: amount,
  shipping: null,
  tax: ZERO,
  total: amount,
});

/** `{ discount }` when something came off, else nothing (orders without discounts stay as they were). */
const discountField = (discount: number | null | undefined) =>
  discount ? { discount: minor(discount) } : {};

const amountsOf = ({ net, tax, gross }: { net: number; tax: number; gross: number }) => ({
  net: minor(net),
  tax: minor(tax),
  gross: minor(gross),
});

/** As stored, read back (the schema requires every field; the shipping may be null). */
export function toBreakdown(stored: {
  pricesIncludeTax: boolean;
  lines: { net: number; tax: number; gross: number; bp: number; discount?: number | null }[];
  subtotal: number;
  shipping?: {
    methodId: unknown;
    name: string;
    net: number;
    tax: number;
    gross: number;
    discount?: number | null;
  } | null;
  tax: number;
  total: number;
  discounts?: { _id: unknown; code?: string | null; title: string; amount: number }[] | null;
}): OrderBreakdown {
  const { shipping } = stored;
  return {
    pricesIncludeTax: stored.pricesIncludeTax,
    lines: stored.lines.map((line) => ({
      ...amountsOf(line),
      bp: line.bp,
      ...discountField(line.discount),
    })),
    subtotal: minor(stored.subtotal),
    shipping: shipping
      ? {
          methodId: String(shipping.methodId),
          name: shipping.name,
          ...amountsOf(shipping),
          ...discountField(shipping.discount),
        }
      : null,
    tax: minor(stored.tax),
    total: minor(stored.total),
    ...(stored.discounts?.length
      ? {
          discounts: stored.discounts.map(({ _id, code, title, amount }) => ({
            _id: String(_id),
            code: code ?? null,
            title,
            amount: minor(amount),
          })),
        }
      : {}),
  };
}
