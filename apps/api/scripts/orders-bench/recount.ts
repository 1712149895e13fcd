import { ORDER_STATUSES } from '@shop/contracts';
import type { Dashboard } from '@shop/contracts/dashboard';
import type { FilledOrder } from './fill.js';

/**
 * The dashboard's figures counted straight from the orders the bench filled, in memory: what
 * the API must serve. A paid order counts in its status; unless cancelled, in its day and
 * products too.
 */
export function recount(orders: readonly FilledOrder[], days: readonly string[]) {
  const inDays = new Set(days);
  // The orders filled charge no shipping or tax and have no discount: the days' parts of them are 0.
  const perDay = new Map(
    days.map((d) => [d, { date: d, revenue: 0, shipping: 0, tax: 0, orders: 0, discounts: 0 }]),
  );
  const statuses = new Map(ORDER_STATUSES.map((s) => [s, 0]));
  const products = new Map<
    string,
    { productId: string; name: string; revenue: number; units: number }
  >();
  for (const order of orders) {
    if (!order.paid) continue;
    statuses.set(order.status, (statuses.get(order.status) ?? 0) + 1);
    if (order.status === 'cancel' || !inDays.has(order.day)) continue;
    const day = perDay.get(order.day);
    if (day) {
      day.revenue += order.amount;
      day.orders += 1;
    }
    for (const line of order.lines) {
      const p = products.get(line.productId) ?? { ...line, revenue: 0, units: 0 };
      p.revenue += line.revenue;
      p.units += line.units;
      products.set(line.productId, p);
    }
  }
  return {
    days: days.map((d) => perDay.get(d)),
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: statuses.get(status) })),
    topProducts: [...products.values()]
      .sort((a, b) => b.revenue - a.revenue || (a.productId < b.productId ? -1 : 1))
      .slice(0, 10),
  };
}

/** The served figures the recount covers. */
export const servedFigures = (d: Dashboard) => ({
  days: d.days,
  ordersByStatus: d.ordersByStatus,
  topProducts: d.topProducts,
});
