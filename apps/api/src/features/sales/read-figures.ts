import { ORDER_STATUSES } from '@shop/contracts';
import {
  DASHBOARD_DAYS,
  type DailySales,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type StatusCount,
  TOP_PRODUCTS,
  type TopProduct,
} from '@shop/contracts/dashboard';
import { dayOf } from './figures.js';
import { readDays, readLowStockThreshold, readStatusCounts } from './repository.js';

/** The stored part of the dashboard, as one read of it answers. */
export interface StoredFigures {
  days: DailySales[];
  ordersByStatus: StatusCount[];
  topProducts: TopProduct[];
  threshold: number;
  asOf: Date;
}

/**
 * How long a process answers the figures it read before reading them again. Figures written
 * by this process are read again at once; another process's show within this time.
 */
export const FIGURES_MAX_AGE_MS = 1000;

const DAY_MS = 86_400_000;

/** The last DASHBOARD_DAYS UTC days, oldest first. */
export const lastDays = (now: Date) =>
  Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    dayOf(new Date(now.getTime() - (DASHBOARD_DAYS - 1 - i) * DAY_MS)),
  );

/**
 * 32 reads by `_id` (the days, the status counts, the settings) and the top products summed
 * from the days' per-product figures: a few hundred products a day add up in well under a
 * millisecond, whatever the number of orders.
 */
async function readFigures(now: Date): Promise<StoredFigures> {
  const days = lastDays(now);
  const [stored, statuses, threshold] = await Promise.all([
    readDays(days),
    readStatusCounts(),
    readLowStockThreshold(),
  ]);
  const products = new Map<string, TopProduct>();
  // Newest day last, so a product keeps the name it was last sold under.
  for (const day of days) {
    for (const [productId, p] of Object.entries(stored.get(day)?.products ?? {})) {
      const sum = products.get(productId) ?? { productId, name: p.name, revenue: 0, units: 0 };
      sum.revenue += p.revenue;
      sum.units += p.units;
      if (p.name) sum.name = p.name;
      products.set(productId, sum);
    }
  }
  const topProducts = [...products.values()]
    .filter((p) => p.units > 0)
    .sort((a, b) => b.revenue - a.revenue || (a.productId < b.productId ? -1 : 1))
    .slice(0, TOP_PRODUCTS);
  return {
    days: days.map((date) => ({
      date,
      revenue: stored.get(date)?.revenue ?? 0,
      orders: stored.get(date)?.orders ?? 0,
    })),
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    topProducts,
    threshold: threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    asOf: now,
  };
}

let kept: { figures: Promise<StoredFigures>; readAt: number; day: string } | null = null;

/**
 * The figures, read at most once per FIGURES_MAX_AGE_MS by this process (concurrent asks
 * share one read), and again once the day changes or this process changed them.
 */
export function currentFigures(now = new Date()): Promise<StoredFigures> {
  const fresh = kept && now.getTime() - kept.readAt < FIGURES_MAX_AGE_MS && kept.day === dayOf(now);
  if (kept && fresh) return kept.figures;
  const figures = readFigures(now);
  const entry = { figures, readAt: now.getTime(), day: dayOf(now) };
  kept = entry;
  // A failed read is not kept.
  figures.catch(() => {
    if (kept === entry) kept = null;
  });
  return figures;
}

/** This process changed the figures: the next read goes to the database. */
export const figuresChanged = () => {
  kept = null;
};
