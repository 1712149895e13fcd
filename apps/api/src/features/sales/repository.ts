import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@shop/contracts';
import { insertCast } from '../../lib/cast-insert.js';
import { isDuplicateKeyError } from '../../lib/errors.js';
import { minor } from '../../lib/money.js';
import type { DayFigures, DiscountFigures, FiguresDelta, ProductFigures } from './figures.js';
import { statusKey, statusOfKey } from './figures.js';
import {
  SalesBatchModel,
  SalesDayModel,
  SalesDayProductsModel,
  SalesTotalsModel,
} from './model.js';

/**
 * The sales figures as stored, and the batches of changes counted into them: the only module
 * that reads or writes them. Each batch is one `$inc` upsert per document touched (a day, the
 * status counts), atomic on its own and made only while that document has not counted the batch
 * (its `seq`); reads are by `_id` only.
 */

const STATUSES_ID = 'statuses';
const SETTINGS_ID = 'settings';

const upsert = { upsert: true } as const;

/** Random, so that a day removed and written again never repeats a version a reader holds. */
const newVersion = () => randomUUID();

/** Matches a figures document that has not counted batch `seq` yet (absent: none). */
const notCounted = (seq: number) => ({ seq: { $not: { $gte: seq } } });

/**
 * One guarded upsert: a document that counted the batch already is not matched, so the upsert
 * tries to insert its `_id` again, which the unique index refuses: nothing to do.
 */
async function unlessCounted(write: PromiseLike<unknown>) {
  try {
    await write;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}

/**
 * One day's change: its products first, then its totals with a new version (`v`), so
 * whoever reads a new version finds the products written (see ./read-figures.ts).
 */
async function applyDayDelta(day: string, figures: DayFigures, seq: number) {
  const inc: Record<string, number> = {};
  const named: Record<string, string | number | null> = { seq };
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
  const thisDay = { _id: day, ...notCounted(seq) };
  if (Object.keys(inc).length > 0) {
    await unlessCounted(
      SalesDayProductsModel.updateOne(thisDay, { $inc: inc, $set: named }, upsert),
    );
  }
  const totals = {
    $inc: {
      revenue: figures.revenue,
      shipping: figures.shipping,
      tax: figures.tax,
      orders: figures.orders,
      discounts: figures.discounts,
    },
    $set: { v: newVersion(), seq },
  };
  await unlessCounted(SalesDayModel.updateOne(thisDay, totals, upsert));
}

/**
 * Counts batch `seq` into the figures: one atomic update per document touched, each made only
 * while that document has not counted it (so a batch written again after a crash counts once),
 * the status counts last, with a new random `version`, so whoever reads a new version finds the
 * days written too (see ./read-figures.ts).
 */
export async function applyDelta(delta: FiguresDelta, seq: number): Promise<void> {
  await Promise.all([...delta.days].map(([day, figures]) => applyDayDelta(day, figures, seq)));
  const inc: Record<string, number> = {};
  for (const [status, n] of delta.statuses) inc[`counts.${statusKey(status)}`] = n;
  const update = { $inc: inc, $set: { version: newVersion(), seq } };
  await unlessCounted(
    SalesTotalsModel.updateOne({ _id: STATUSES_ID, ...notCounted(seq) }, update, upsert),
  );
}

/** What a figures document stores of an amount: a number, read back as minor units. */
type Stored<Figures> = {
  [Field in keyof Figures]: Figures[Field] extends number ? number : Figures[Field];
};

interface StoredItems {
  products?: Record<string, Stored<ProductFigures>>;
  codes?: Record<string, Stored<DiscountFigures>>;
}

const itemsOf = ({ products = {}, codes = {} }: StoredItems): DayItems => ({
  products: Object.fromEntries(
    Object.entries(products).map(([id, p]) => [id, { ...p, revenue: minor(p.revenue) }]),
  ),
  codes: Object.fromEntries(
    Object.entries(codes).map(([id, c]) => [
      id,
      { ...c, revenue: minor(c.revenue), amount: minor(c.amount) },
    ]),
  ),
});

const dayFiguresOf = (day: Stored<Omit<DayFigures, keyof StoredItems>> & StoredItems) => ({
  ...day,
  revenue: minor(day.revenue),
  shipping: minor(day.shipping),
  tax: minor(day.tax),
  discounts: minor(day.discounts),
  ...itemsOf(day),
});

/** A batch of order changes, as counted into the figures (see ./counting.ts). */
export interface CountingBatch {
  number: number;
  /** The outbox deliveries it counts. */
  deliveries: string[];
  delta: FiguresDelta;
  done: boolean;
}

interface StoredBatch {
  _id: number;
  deliveries: string[];
  delta: {
    days?: Record<string, Stored<Omit<DayFigures, keyof StoredItems>> & StoredItems>;
    statuses?: Record<string, number>;
  };
  done?: boolean;
}

/** The last batch, done or not; null before the first. */
export async function lastBatch(): Promise<CountingBatch | null> {
  const [last] = await SalesBatchModel.find().sort({ _id: -1 }).limit(1).lean<StoredBatch[]>();
  if (!last) return null;
  const statuses = new Map<OrderStatus, number>();
  for (const [key, n] of Object.entries(last.delta.statuses ?? {})) {
    const status = statusOfKey.get(key);
    if (status) statuses.set(status, n);
  }
  return {
    number: last._id,
    deliveries: last.deliveries,
    delta: {
      days: new Map(
        Object.entries(last.delta.days ?? {}).map(([day, figures]) => [day, dayFiguresOf(figures)]),
      ),
      statuses,
    },
    done: last.done ?? false,
  };
}

/** Writes a new batch under its number: false when another process took that number first. */
export async function openBatch({ number, deliveries, delta }: CountingBatch): Promise<boolean> {
  const statuses = Object.fromEntries([...delta.statuses].map(([s, n]) => [statusKey(s), n]));
  try {
    await insertCast(SalesBatchModel, {
      _id: number,
      deliveries,
      delta: { days: Object.fromEntries(delta.days), statuses },
    });
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

/** Marks the batch done and forgets those before it. */
export async function closeBatch(number: number): Promise<void> {
  await SalesBatchModel.updateOne({ _id: number }, { $set: { done: true } });
  await SalesBatchModel.deleteMany({ _id: { $lt: number } });
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
export type DayTotals = Pick<
  DayFigures,
  'revenue' | 'shipping' | 'tax' | 'orders' | 'discounts'
> & {
  v: string;
};

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
                revenue: minor(d.revenue ?? 0),
                shipping: minor(d.shipping ?? 0),
                tax: minor(d.tax ?? 0),
                orders: d.orders ?? 0,
                discounts: minor(d.discounts ?? 0),
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
    days.map((d) => SalesDayProductsModel.findById(d).lean<{ _id: string } & StoredItems>()),
  );
  return new Map(found.flatMap((d) => (d ? [[d._id, itemsOf(d)]] : [])));
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
 * Replaces every figure with a recount, as of batch `seq` (the batches up to it are in the
 * recount): each day's document and the status counts are written whole, days no order counts
 * in any more are removed, and `rebuiltAt` is set.
 */
export async function replaceFigures(
  days: ReadonlyMap<string, DayFigures>,
  statuses: ReadonlyMap<OrderStatus, number>,
  seq: number,
): Promise<void> {
  for (const [day, { revenue, shipping, tax, orders, discounts, products, codes }] of days) {
    const items = { _id: day, products, codes, seq };
    await SalesDayProductsModel.replaceOne({ _id: day }, items, upsert);
    const totals = { $set: { revenue, shipping, tax, orders, discounts, v: newVersion(), seq } };
    await SalesDayModel.updateOne({ _id: day }, totals, upsert);
  }
  const counted = { _id: { $nin: [...days.keys()] } };
  await SalesDayModel.deleteMany(counted);
  await SalesDayProductsModel.deleteMany(counted);
  const counts = Object.fromEntries([...statuses].map(([s, n]) => [statusKey(s), n]));
  await SalesTotalsModel.updateOne(
    { _id: STATUSES_ID },
    { $set: { counts, rebuiltAt: new Date(), version: newVersion(), seq } },
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
