import { ORDER_STATUSES } from '@shop/contracts';
import {
  DASHBOARD_DAYS,
  type DailySales,
  DEFAULT_LOW_STOCK_THRESHOLD,
  type StatusCount,
  TOP_DISCOUNTS,
  TOP_PRODUCTS,
  type TopDiscount,
  type TopProduct,
} from '@shop/contracts/dashboard';
import { keptRead } from '../../lib/kept-read.js';
import { type DayFigures, dayOf } from './figures.js';
import {
  type DayItems,
  type DayTotals,
  readDayItems,
  readDays,
  readLowStockThreshold,
  readStatusCounts,
} from './repository.js';

/** The stored part of the dashboard, as one read of it answers. */
interface StoredFigures {
  days: DailySales[];
  ordersByStatus: StatusCount[];
  topProducts: TopProduct[];
  topDiscounts: TopDiscount[];
  threshold: number;
  asOf: Date;
}

/**
 * How long a process answers the figures it read before reading them again in the background:
 * figures written by this process are read again at once, another process's show within this
 * time.
 */
const FIGURES_MAX_AGE_MS = 1000;

const DAY_MS = 86_400_000;

/** The last DASHBOARD_DAYS UTC days up to `today`, oldest first. */
const lastDays = (today: string) =>
  Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    dayOf(new Date(Date.parse(today) - (DASHBOARD_DAYS - 1 - i) * DAY_MS)),
  );

/**
 * Each day's per-product and per-discount figures as last read, with the day's version then: a
 * day is read again only once its version changed (a busy shop's day holds hundreds of
 * products, and 30 such documents take half a second to read on the embedded database; most
 * days never change).
 */
const itemsOfDay = new Map<string, { v: string; items: DayItems }>();
const NO_ITEMS: DayItems = { products: {}, codes: {} };

async function itemsOfDays(days: ReadonlyMap<string, DayTotals>, window: readonly string[]) {
  const changed = window.filter((day) => itemsOfDay.get(day)?.v !== (days.get(day)?.v ?? ''));
  const read = await readDayItems(changed);
  for (const day of changed) {
    itemsOfDay.set(day, { v: days.get(day)?.v ?? '', items: read.get(day) ?? NO_ITEMS });
  }
  for (const day of itemsOfDay.keys()) if (!window.includes(day)) itemsOfDay.delete(day);
  return window.map((day) => itemsOfDay.get(day)?.items ?? NO_ITEMS);
}

/** The best sellers of the window by revenue; a product keeps the name it was last sold under. */
function topProductsOf(perDay: readonly DayFigures['products'][]): TopProduct[] {
  const products = new Map<string, TopProduct>();
  for (const day of perDay) {
    for (const [productId, p] of Object.entries(day)) {
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
}

/**
 * The discounts of the window by their orders' revenue (then orders); a discount keeps the code
 * and title it was last used under.
 */
function topDiscountsOf(perDay: readonly DayFigures['codes'][]): TopDiscount[] {
  const discounts = new Map<string, TopDiscount>();
  for (const day of perDay) {
    for (const [discountId, c] of Object.entries(day)) {
      const sum = discounts.get(discountId) ?? {
        discountId,
        code: c.code,
        title: c.title,
        orders: 0,
        revenue: 0,
        discounts: 0,
      };
      sum.orders += c.orders;
      sum.revenue += c.revenue;
      sum.discounts += c.amount;
      if (c.title) Object.assign(sum, { code: c.code, title: c.title });
      discounts.set(discountId, sum);
    }
  }
  return [...discounts.values()]
    .filter((d) => d.orders > 0)
    .sort(
      (a, b) =>
        b.revenue - a.revenue || b.orders - a.orders || (a.discountId < b.discountId ? -1 : 1),
    )
    .slice(0, TOP_DISCOUNTS);
}

/** The 30 days' figures as this process last read them, and the figures' version then. */
let windowRead: {
  today: string;
  version: string;
  readAt: number;
  days: DailySales[];
  topProducts: TopProduct[];
  topDiscounts: TopDiscount[];
} | null = null;

/**
 * The days are read again when the figures' version changed, and at least this often: a change
 * whose version was never written (its process died in between) shows then.
 */
const WINDOW_MAX_AGE_MS = 60_000;

async function readWindow(today: string) {
  const window = lastDays(today);
  const days = await readDays(window);
  const items = await itemsOfDays(days, window);
  return {
    days: window.map((date) => ({
      date,
      revenue: days.get(date)?.revenue ?? 0,
      shipping: days.get(date)?.shipping ?? 0,
      tax: days.get(date)?.tax ?? 0,
      orders: days.get(date)?.orders ?? 0,
      discounts: days.get(date)?.discounts ?? 0,
    })),
    topProducts: topProductsOf(items.map((day) => day.products)),
    topDiscounts: topDiscountsOf(items.map((day) => day.codes)),
  };
}

/**
 * Two small reads by `_id` (the status counts with the figures' version, the settings); the
 * 30 days (30 more) only when that version changed, and of those days the per-product
 * figures of the ones whose version changed.
 */
const figures = keptRead(async (today: string): Promise<StoredFigures> => {
  const [statuses, threshold] = await Promise.all([readStatusCounts(), readLowStockThreshold()]);
  const now = Date.now();
  let window = windowRead;
  const current =
    window?.today === today &&
    window.version === statuses.version &&
    now - window.readAt < WINDOW_MAX_AGE_MS;
  if (!window || !current) {
    window = { today, version: statuses.version, readAt: now, ...(await readWindow(today)) };
    windowRead = window;
  }
  return {
    days: window.days,
    ordersByStatus: ORDER_STATUSES.map((status) => ({
      status,
      count: statuses.counts.get(status) ?? 0,
    })),
    topProducts: window.topProducts,
    topDiscounts: window.topDiscounts,
    threshold: threshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
    asOf: new Date(now),
  };
}, FIGURES_MAX_AGE_MS);

/** The figures as this process keeps them (see keptRead). */
export const currentFigures = (now = new Date()) => figures.get(dayOf(now), now.getTime());

/**
 * This process changed the figures: the next call reads them again (its change wrote a new
 * version, so the days too).
 */
export const forgetKeptFigures = () => figures.forget();
