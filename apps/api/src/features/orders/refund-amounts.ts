import { formatMinorUnits } from '@shop/contracts';
import { badRequest, conflict } from '../../lib/errors.js';
import { add, type Minor, minor, subtract, sum, ZERO } from '../../lib/money.js';
import type { StoredOrder, StoredRefund } from './order.js';

/**
 * What a refund asked for gives back, to the minor unit, from the order's breakdown: a line's
 * units their share of what the line was paid (its gross: after its discounts, tax included),
 * the shipping what it was paid, and an amount itself. Pure: the use case reads the order,
 * this says what the ask is worth or why it cannot be, and the repository holds it.
 */

/** A refund as asked, its amount in minor units of the order's currency (see ./input.ts). */
export interface RefundAsk {
  lines: readonly { sku: string; quantity: number }[];
  shipping: boolean;
  amount: Minor;
  reason: string;
}

/** The units of one line a refund gives back, by the line's index. */
export interface RefundedUnits {
  index: number;
  sku: string;
  quantity: number;
  /** Units of the line refunded before, as read: the hold is made only while still so. */
  before: number;
}

/** What the refund gives back: in all, and of which lines and whether the shipping. */
export interface RefundWorth {
  amount: Minor;
  units: RefundedUnits[];
  shipping: boolean;
}

/**
 * The share of `paid` (for `bought` units) that `quantity` units refunded after `before` others
 * are worth: rounded so that refunding every unit, in any steps, gives back `paid` exactly.
 */
export const shareOf = (paid: Minor, bought: number, before: number, quantity: number): Minor =>
  subtract(
    minor(Math.round((paid * (before + quantity)) / bought)),
    minor(Math.round((paid * before) / bought)),
  );

/** The asked lines, one entry per SKU (an SKU named twice is asked once, for both quantities). */
function unitsAsked(order: StoredOrder, lines: RefundAsk['lines']): RefundedUnits[] {
  const bySku = new Map<string, number>();
  for (const { sku, quantity } of lines) bySku.set(sku, (bySku.get(sku) ?? 0) + quantity);
  return [...bySku].map(([sku, quantity]) => {
    const index = order.lines.findIndex((line) => line.variant?.sku === sku);
    const line = order.lines[index];
    if (!line) throw badRequest(`No line of order #${order.number} has the SKU ${sku}`);
    const before = order.refundedUnits[index] ?? 0;
    const left = line.quantity - before;
    if (quantity > left) {
      throw conflict(
        `Only ${left} of the ${line.quantity} units of ${sku} bought are left to refund`,
      );
    }
    return { index, sku, quantity, before };
  });
}

/** What the order captured: nothing when it was never paid, or paid nothing. */
export const capturedOf = (order: StoredOrder): Minor =>
  order.payment.success ? order.payment.amount : ZERO;

/** What is left to refund: what was captured less what refunds hold. */
export const leftToRefund = (order: StoredOrder): Minor =>
  subtract(capturedOf(order), order.refundHeld);

/** What the ask gives back, or 400 (it names nothing this order has) or 409 (more than is left). */
export function refundWorth(order: StoredOrder, ask: RefundAsk): RefundWorth {
  const units = unitsAsked(order, ask.lines);
  const linesWorth = units.map(({ index, quantity, before }) => {
    const line = order.lines[index];
    const paid = order.breakdown.lines[index]?.gross ?? ZERO;
    return line ? shareOf(paid, line.quantity, before, quantity) : ZERO;
  });
  let shipping = ZERO;
  if (ask.shipping) {
    shipping = order.breakdown.shipping?.gross ?? ZERO;
    if (shipping === 0) throw badRequest(`Order #${order.number} charged no shipping`);
    if (order.shippingRefunded) throw conflict('The shipping of this order was refunded already');
  }
  const amount = add(add(sum(linesWorth), shipping), ask.amount);
  if (amount === 0) throw badRequest('Nothing to refund: what was asked was paid nothing');
  const captured = capturedOf(order);
  const left = leftToRefund(order);
  if (amount > left) {
    const currency = order.payment.currency;
    const money = (m: Minor) => formatMinorUnits(m, currency);
    throw conflict(
      captured === 0
        ? `Nothing was captured for order #${order.number}: there is nothing to refund`
        : `Only ${money(left)} of the ${money(captured)} captured is left to refund, not ${money(amount)}`,
    );
  }
  return { amount, units, shipping: ask.shipping };
}

/** What a refund recorded on the order holds (its lines by their index): to give it back. */
export function heldWorth(order: StoredOrder, refund: StoredRefund): RefundWorth {
  const units = refund.lines.flatMap(({ sku, quantity }) => {
    const index = order.lines.findIndex((line) => line.variant?.sku === sku);
    return index < 0 ? [] : [{ index, sku, quantity, before: order.refundedUnits[index] ?? 0 }];
  });
  return { amount: refund.amount, units, shipping: refund.shipping };
}
