import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@shop/contracts';
import type { DayFigures, FiguresDelta } from './figures.js';
import { statusKey, statusOfKey } from './figures.js';
import { SalesDayModel, SalesDayProductsModel, SalesTotalsModel } from './model.js';

/**
 * The sales figures as stored: the only module that reads or writes them. Each change is one
 * `$inc` upsert per document touched (a day, the status counts), atomic on its own; reads are
 * by `_id` only.
 */

const STATUSES_ID = 'statuses';
const SETTINGS_ID = 'settings';

const upsert = { upsert: true } as const;

/** Random, so that a day removed and written again never repeats a version a reader holds. */
const newVersion = () => randomUUID();

/**
 * One day's change: its products first, then its totals with a new version (`v`), so
 * whoever reads a new version finds the products written (see ./read-figures.ts).
 */
async function applyDayDelta(day: string, figures: DayFigures) {
  const inc: Record<string, number> = {};
  const named: Record<string, string | null> = {};
  for (const [id, p] of Object.entries(figures.products)) {
    inc[`products.${id}.revenue`] = p.revenue;
    inc[`products.${id}.units`] = p.units;
    if (p.units > 0) named[`products.${id}.name`] = p.name;
  }
  for (const [id, c] of Object.entries(figures.codes)) {
    inc[`codes.${id}.orders`] = c.orders;
    inc[`codes.${id}.revenue`] = c.revenue;
    inc[`codes.${id}.amount`] = c.amount;
    if (c.orders > 0) {
      named[`codes.${id}.code`] = c.code;
      named[`codes.${id}.title`] = c.title;
    }
  }
  if (Object.keys(inc).length > 0) {
    const update = Object.keys(named).length > 0 ? { $inc: inc, $set: named } : { $inc: inc };
    await SalesDayProductsModel.updateOne({ _id: day }, update, upsert);
  }
  const totals = {
    $inc: {
      revenue: figures.revenue,
      shipping: figures.shipping,
      tax: figures.tax,
      orders: figures.orders,
      discounts: figures.discounts,
    },
    $set: { v: newVersion() },
  };
  await SalesDayModel.updateOne({ _id: day }, totals, upsert);
}

/**
 * Adds a change to the figures: one atomic update per document touched, the status counts
 * last, with a new random `version`, so whoever reads a new version finds the days written
 * too (see ./read-figures.ts).
 */
export async function applyDelta(delta: FiguresDelta): Promise<void> {
  await Promise.all([...delta.days].map(([day, figures]) => applyDayDelta(day, figures)));
  const inc: Record<string, number> = {};
  for (const [status, n] of delta.statuses) inc[`counts.${statusKey(status)}`] = n;
  const update = { $inc: inc, $set: { version: newVersion() } };
  await SalesTotalsModel.updateOne({ _id: STATUSES_ID }, update, upsert);
}

interface StoredDay {
  _id: string;
  revenue?: number;
  shipping?: number;
  tax?: number;
  orders?: number;
  discounts?: number;
  v?: string;
}

/** A day's totals, and its version: new with every change of the day's figures. */
export interface DayTotals {
  revenue: number;
  shipping: number;
  tax: number;
  orders: number;
  discounts: number;
  v: string;
}

/** Revenue and orders of these days (each read by `_id`); a day without sales is absent. */
export async function readDays(days: readonly string[]): Promise<Map<string, DayTotals>> {
  const found = await Promise.all(days.map((d) => SalesDayModel.findById(d).lean<StoredDay>()));
  return new Map(
    found.flatMap((d) =>
      d
        ? [
            [
              d._id,
              {
                revenue: d.revenue ?? 0,
                shipping: d.shipping ?? 0,
                tax: d.tax ?? 0,
                orders: d.orders ?? 0,
                discounts: d.discounts ?? 0,
                v: d.v ?? '',
              },
            ],
          ]
        : [],
    ),
  );
}

/** A day's figures per product and per discount. */
export type DayItems = Pick<DayFigures, 'products' | 'codes'>;

/** The per-product and per-discount figures of these days (each read by `_id`). */
export async function readDayItems(days: readonly string[]): Promise<Map<string, DayItems>> {
  const found = await Promise.all(
    days.map((d) => SalesDayProductsModel.findById(d).lean<{ _id: string } & Partial<DayItems>>()),
  );
  return new Map(
    found.flatMap((d) =>
      d ? [[d._id, { products: d.products ?? {}, codes: d.codes ?? {} }]] : [],
    ),
  );
}

interface StoredTotals {
  counts?: Record<string, number>;
  version?: string;
  rebuiltAt?: Date;
  lowStockThreshold?: number;
}

/** Paid orders per status (absent statuses: none). */
export async function readStatusCounts(): Promise<{
  counts: Map<OrderStatus, number>;
  /** New with every change of the figures, once its days were written. */
  version: string;
}> {
  const totals = await SalesTotalsModel.findById(STATUSES_ID).lean<StoredTotals>();
  const counts = new Map<OrderStatus, number>();
  for (const [key, n] of Object.entries(totals?.counts ?? {})) {
    const status = statusOfKey.get(key);
    if (status) counts.set(status, n);
  }
  return { counts, version: totals?.version ?? '' };
}

/** Whether the figures were ever rebuilt from the orders (an empty database counts as rebuilt). */
export async function figuresRebuilt(): Promise<boolean> {
  const totals = await SalesTotalsModel.findById(STATUSES_ID).lean<StoredTotals>();
  return totals?.rebuiltAt instanceof Date;
}

/**
 * Replaces every figure with a recount: each day's document and the status counts are
 * written whole, days no order counts in any more are removed, and `rebuiltAt` is set.
 */
export async function replaceFigures(
  days: ReadonlyMap<string, DayFigures>,
  statuses: ReadonlyMap<OrderStatus, number>,
): Promise<void> {
  for (const [day, { revenue, shipping, tax, orders, discounts, products, codes }] of days) {
    await SalesDayProductsModel.replaceOne({ _id: day }, { _id: day, products, codes }, upsert);
    const totals = { $set: { revenue, shipping, tax, orders, discounts, v: newVersion() } };
    await SalesDayModel.updateOne({ _id: day }, totals, upsert);
  }
  const counted = { _id: { $nin: [...days.keys()] } };
  await SalesDayModel.deleteMany(counted);
  await SalesDayProductsModel.deleteMany(counted);
  const counts = Object.fromEntries([...statuses].map(([s, n]) => [statusKey(s), n]));
  await SalesTotalsModel.updateOne(
    { _id: STATUSES_ID },
    { $set: { counts, rebuiltAt: new Date(), version: newVersion() } },
    upsert,
  );
}

/** The low-stock threshold an admin set, or null. */
export async function readLowStockThreshold(): Promise<number | null> {
  const settings = await SalesTotalsModel.findById(SETTINGS_ID).lean<StoredTotals>();
  return settings?.lowStockThreshold ?? null;
}

export async function saveLowStockThreshold(threshold: number): Promise<void> {
  await SalesTotalsModel.updateOne(
    { _id: SETTINGS_ID },
    { $set: { lowStockThreshold: threshold } },
    upsert,
  );
}
