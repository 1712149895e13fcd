import { type Order, toMajorUnits } from '@shop/contracts';
import { fromBasisPoints } from '@shop/contracts/tax';

/**
 * What an order cost, line by line, as the checkout's one pricing made it (issue 27): stored in
 * minor units of the order's currency (`payment.currency`), rates in basis points, and answered
 * in the API's major units. An order recorded without one (demo data; migration 008 gave one to
 * those placed before shipping and taxes) was charged its lines alone (linesAlone).
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

/**
 * Lines and shipping are after their discounts, `discount` being what came off (absent: none);
 * the subtotal is before them.
 */
export interface OrderBreakdown {
  pricesIncludeTax: boolean;
  /** One per order line, in the order lines' order. */
  lines: (OrderAmounts & { bp: number; discount?: number })[];
  subtotal: number;
  shipping: (OrderAmounts & { methodId: string; name: string; discount?: number }) | null;
  tax: number;
  total: number;
  discounts?: OrderDiscount[];
}

/**
 * What an order charged its lines alone cost: each line's price × quantity, untaxed, no
 * shipping, and `amount` (what the payment took) as its subtotal and total. Prices and amount in
 * minor units.
 */
export const linesAlone = (
  lines: readonly { price: number; quantity: number }[],
  amount: number,
): OrderBreakdown => ({
  pricesIncludeTax: false,
  lines: lines.map(({ price: unitMinor, quantity }) => {
    const paid = unitMinor * quantity;
    return { net: paid, tax: 0, gross: paid, bp: 0 };
  }),
  subtotal: amount,
  shipping: null,
  tax: 0,
  total: amount,
});

/** `{ discount }` when something came off, else nothing (orders without discounts stay as they were). */
const discountField = (discount: number | null | undefined) => (discount ? { discount } : {});

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
    lines: stored.lines.map(({ net, tax, gross, bp, discount }) => ({
      net,
      tax,
      gross,
      bp,
      ...discountField(discount),
    })),
    subtotal: stored.subtotal,
    shipping: shipping
      ? {
          methodId: String(shipping.methodId),
          name: shipping.name,
          net: shipping.net,
          tax: shipping.tax,
          gross: shipping.gross,
          ...discountField(shipping.discount),
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

/** The order's figures as the API answers them. */
export function answeredBreakdown<Line extends Pick<AnsweredLine, 'price' | 'quantity'>>(
  {
    payment: { currency },
    breakdown,
  }: { payment: { currency: string }; breakdown: OrderBreakdown },
  lines: readonly Line[],
): Pick<Order, 'pricesIncludeTax' | 'subtotal' | 'shipping' | 'tax' | 'total' | 'discounts'> & {
  products: (Line & Pick<AnsweredLine, 'net' | 'tax' | 'gross' | 'taxRate' | 'discount'>)[];
} {
  const major = (minor: number) => toMajorUnits(minor, currency);
  return {
    products: lines.map((line, i) => {
      const amounts = breakdown.lines[i] ?? { net: 0, tax: 0, gross: 0, bp: 0 };
      return {
        ...line,
        net: major(amounts.net),
        tax: major(amounts.tax),
        gross: major(amounts.gross),
        taxRate: fromBasisPoints(amounts.bp),
        ...(amounts.discount ? { discount: major(amounts.discount) } : {}),
      };
    }),
    pricesIncludeTax: breakdown.pricesIncludeTax,
    subtotal: major(breakdown.subtotal),
    shipping: breakdown.shipping && {
      method: { _id: breakdown.shipping.methodId, name: breakdown.shipping.name },
      net: major(breakdown.shipping.net),
      tax: major(breakdown.shipping.tax),
      gross: major(breakdown.shipping.gross),
      ...(breakdown.shipping.discount ? { discount: major(breakdown.shipping.discount) } : {}),
    },
    tax: major(breakdown.tax),
    total: major(breakdown.total),
    ...(breakdown.discounts
      ? {
          discounts: breakdown.discounts.map((discount) => ({
            ...discount,
            amount: major(discount.amount),
          })),
        }
      : {}),
  };
}
