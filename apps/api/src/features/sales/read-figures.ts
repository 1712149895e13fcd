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
import { keptRead } from './kept-read.js';
import {
  readDayProducts,
  readDays,
  readLowStockThreshold,
  readStatusCounts,
} from './repository.js';

/** The stored part of the dashboard, as one read of it answers. */
export interface StoredFigures {
  days: DailySales[];
  ordersByStatus: StatusCount[];
  topProducts: TopProduct[];
  threshold: number;
  asOf: Date;
}

/**
 * How long a process answers the figures it read before reading them again in the background:
 * figures written by this process are read again at once, another process's show within this
 * time (the top products within TOP_PRODUCTS_MAX_AGE_MS).
 */
export const FIGURES_MAX_AGE_MS = 1000;
/** The top products sum every product of 30 days (a few hundred per day): read less often. */
export const TOP_PRODUCTS_MAX_AGE_MS = 5000;

const DAY_MS = 86_400_000;

/** The last DASHBOARD_DAYS UTC days up to `today`, oldest first. */
export const lastDays = (today: string) =>
  Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    dayOf(new Date(Date.parse(today) - (DASHBOARD_DAYS - 1 - i) * DAY_MS)),
  );

/** 32 small reads by `_id`: the days, the status counts, the settings. */
const totals = keptRead(async (today: string) => {
  const days = lastDays(today);
  const [stored, statuses, threshold] = await Promise.all([
    readDays(days),
    readStatusCounts(),
    readLowStockThreshold(),
  ]);
  return {
    days: days.map((date) => ({
      date,
      revenue: stored.get(date)?.revenue ?? 0,
      orders: stored.get(date)?.orders ?? 0,
    })),
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: statuses.get(status) ?? 0 })),
    threshold: threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    asOf: new Date(),
  };
}, FIGURES_MAX_AGE_MS);

/** The 30 days' per-product figures summed: the best sellers by revenue. */
const topProducts = keptRead(async (today: string) => {
  const days = lastDays(today);
  const stored = await readDayProducts(days);
  const products = new Map<string, TopProduct>();
  // Oldest day first, so a product ends with the name it was last sold under.
  for (const day of days) {
    for (const [productId, p] of Object.entries(stored.get(day) ?? {})) {
      const sum = products.get(productId) ?? { productId, name: p.name, revenue: 0, units: 0 };
      sum.revenue += p.revenue;
      sum.units += p.units;
      if (p.name) sum.name = p.name;
      products.set(productId, sum);
    }
  }
  return [...products.values()]
    .filter((p) => p.units > 0)
    .sort((a, b) => b.revenue - a.revenue || (a.productId < b.productId ? -1 : 1))
    .slice(0, TOP_PRODUCTS);
}, TOP_PRODUCTS_MAX_AGE_MS);

/** The figures as this process keeps them (see keptRead). */
export async function currentFigures(now = new Date()): Promise<StoredFigures> {
  const today = dayOf(now);
  const [kept, top] = await Promise.all([totals.get(today), topProducts.get(today)]);
  return { ...kept, topProducts: top };
}

/** This process changed the figures: the next read goes to the database. */
export const figuresChanged = () => {
  totals.forget();
  topProducts.forget();
};
