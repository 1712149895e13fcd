import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts';
import { add, type Minor, subtract, times, ZERO } from '../../lib/money.js';

/**
 * What the sales figures count of one order, and how a change of the order moves them. Pure:
 * the incremental path (the order events, ./counting.ts) and the rebuild (a scan of every order)
 * both count through `addOrder`, so they cannot disagree on what an order is worth.
 *
 * An order counts once it is paid (`payment.success`): a checkout still under way, or one
 * undone, is no sale. A paid order counts in its status; unless it is cancelled it also counts
 * in its day's orders and revenue and in its products' revenue and units. So cancelling takes
 * an order out of the revenue and the orders of the day it was placed (figures net of
 * cancellations), and moves it to `cancel` among the statuses. Its refunds done come off its
 * day's revenue (and its discounts' revenue): its products' revenue and units stay as sold.
 */

/** The fields of an order the figures read (a stored order has them all). */
export interface CountedOrder {
  createdAt: string;
  status: OrderStatus;
  payment: { success: boolean; amount: Minor; currency: string };
  /** Given back by its refunds done (absent: none): not revenue. */
  refundedDone?: Minor | undefined;
  lines: readonly { productId: string; name: string; unitPrice: Minor; quantity: number }[];
  /** What its amount is made of. */
  breakdown: {
    shipping: { net: Minor } | null;
    tax: Minor;
    /** Absent on orders placed without discounts. */
    discounts?: readonly CountedDiscount[] | undefined;
  };
}

/** A discount an order was placed with. */
interface CountedDiscount {
  _id: string;
  code: string | null;
  title: string;
  amount: Minor;
}

export interface ProductFigures {
  name: string;
  revenue: Minor;
  units: number;
}

/** What one discount counts in a day: the orders placed with it, their revenue, what it took off. */
export interface DiscountFigures {
  code: string | null;
  title: string;
  orders: number;
  revenue: Minor;
  amount: Minor;
}

/** One day's figures, or a change to them. */
export interface DayFigures {
  revenue: Minor;
  /** Of the revenue: shipping charged (without its tax), and tax. */
  shipping: Minor;
  tax: Minor;
  orders: number;
  /** What discounts took off (as entered): not part of the revenue. */
  discounts: Minor;
  products: Record<string, ProductFigures>;
  /** By discount id. */
  codes: Record<string, DiscountFigures>;
}

/** A change to the figures: per day touched, and per status. */
export interface FiguresDelta {
  days: Map<string, DayFigures>;
  statuses: Map<OrderStatus, number>;
}

/** The shop's day: the UTC calendar day (the shop has no time zone setting). */
export const dayOf = (at: string | Date) => new Date(at).toISOString().slice(0, 10);

/** A status as a field name (`Not Process` → `Not_Process`): spaces are no safe keys. */
export const statusKey = (status: OrderStatus) => status.replace(/\W/g, '_');
export const statusOfKey = new Map(ORDER_STATUSES.map((s) => [statusKey(s), s]));

export const emptyDelta = (): FiguresDelta => ({ days: new Map(), statuses: new Map() });

const dayIn = (delta: FiguresDelta, day: string) => {
  let figures = delta.days.get(day);
  if (!figures) {
    figures = {
      revenue: ZERO,
      shipping: ZERO,
      tax: ZERO,
      orders: 0,
      discounts: ZERO,
      products: {},
      codes: {},
    };
    delta.days.set(day, figures);
  }
  return figures;
};

/** Adds `sign` (1 or -1) times what the order counts to `delta`. */
export function addOrder(delta: FiguresDelta, order: CountedOrder | null, sign: 1 | -1) {
  if (!order?.payment.success) return;
  delta.statuses.set(order.status, (delta.statuses.get(order.status) ?? 0) + sign);
  if (order.status === 'cancel') return;
  const day = dayIn(delta, dayOf(order.createdAt));
  const revenue = times(subtract(order.payment.amount, order.refundedDone ?? ZERO), sign);
  day.revenue = add(day.revenue, revenue);
  day.shipping = add(day.shipping, times(order.breakdown.shipping?.net ?? ZERO, sign));
  day.tax = add(day.tax, times(order.breakdown.tax, sign));
  day.orders += sign;
  for (const line of order.lines) {
    const product = day.products[line.productId] ?? { name: line.name, revenue: ZERO, units: 0 };
    day.products[line.productId] = product;
    // The name it was sold under; a removal keeps whichever name was counted before.
    if (sign > 0) product.name = line.name;
    product.revenue = add(product.revenue, times(line.unitPrice, sign * line.quantity));
    product.units += sign * line.quantity;
  }
  for (const discount of order.breakdown.discounts ?? []) {
    const amount = times(discount.amount, sign);
    day.discounts = add(day.discounts, amount);
    const empty = {
      code: discount.code,
      title: discount.title,
      orders: 0,
      revenue: ZERO,
      amount: ZERO,
    };
    const counted = day.codes[discount._id] ?? empty;
    day.codes[discount._id] = counted;
    // The code and title it was used under; a removal keeps whichever was counted before.
    if (sign > 0) Object.assign(counted, { code: discount.code, title: discount.title });
    counted.orders += sign;
    counted.revenue = add(counted.revenue, revenue);
    counted.amount = add(counted.amount, amount);
  }
}

/** A write that turned `before` into `after` (null: no order). */
export interface OrderChange {
  before: CountedOrder | null;
  after: CountedOrder | null;
}

/** What writes change in the figures, together. */
export function deltaOf(changes: readonly OrderChange[]): FiguresDelta {
  const delta = emptyDelta();
  for (const { before, after } of changes) {
    addOrder(delta, before, -1);
    addOrder(delta, after, 1);
  }
  for (const [status, n] of delta.statuses) if (n === 0) delta.statuses.delete(status);
  for (const [day, figures] of delta.days) {
    for (const [id, p] of Object.entries(figures.products)) {
      if (p.revenue === 0 && p.units === 0) delete figures.products[id];
    }
    for (const [id, c] of Object.entries(figures.codes)) {
      if (c.orders === 0 && c.revenue === 0 && c.amount === 0) delete figures.codes[id];
    }
    const unchanged =
      figures.revenue === 0 &&
      figures.shipping === 0 &&
      figures.tax === 0 &&
      figures.orders === 0 &&
      figures.discounts === 0;
    const noItems =
      Object.keys(figures.products).length === 0 && Object.keys(figures.codes).length === 0;
    if (unchanged && noItems) delta.days.delete(day);
  }
  return delta;
}

export const isEmptyDelta = (delta: FiguresDelta) =>
  delta.days.size === 0 && delta.statuses.size === 0;
