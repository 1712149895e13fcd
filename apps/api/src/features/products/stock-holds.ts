import { randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { writeToCatalogue } from '../../db/catalogue-changes.js';
import { type ProductDoc, ProductModel } from './model.js';
import {
  giveBackStock,
  type NamedStockLine,
  productChange,
  type StockLine,
  stockKey,
  takeStock,
} from './repository.js';

/**
 * Units held for a shopper while they pay (issue 29): the second repository of the products,
 * beside repository.ts, for the holds alone.
 *
 * A variant's `stock.<id>` counts the units shoppers can still have; a hold moves units from it
 * to `held.<id>` and records itself in `holds.<hold id>_<variant id>` with its expiry, all in one
 * update guarded on `stock.<id>` covering it, so that no two checkouts hold the same unit
 * (FerretDB v1 has no `$expr`: the guard must be a plain filter on one field). Ending a hold
 * (released, expired, or turned into the sale) is one update guarded on the hold still being
 * there, so it happens once whoever tries. There are no transactions: each shopper's hold is
 * also written, before the products, in `checkout_holds` (by the shopper's key), so that any
 * process can find the holds that expired and sweep them.
 */

/** The hold of one shopper: which units of which products, until when. */
const checkoutHoldSchema = new mongoose.Schema(
  {
    /** The shopper's key (`account:<id>`, `guest:<e-mail>`). */
    _id: { type: String },
    holdId: { type: String, required: true },
    lines: {
      type: [
        new mongoose.Schema(
          {
            productId: { type: String, required: true },
            variantId: { type: String },
            quantity: { type: Number, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'checkout_holds' },
);
checkoutHoldSchema.index({ expiresAt: 1 });
const CheckoutHoldModel = mongoose.model('checkout_holds', checkoutHoldSchema);

interface CheckoutHold {
  holdId: string;
  lines: StockLine[];
}

const heldKey = (line: StockLine) => `held.${(line.variantId ?? line.productId).toLowerCase()}`;
const entryKey = (holdId: string, line: Pick<StockLine, 'productId' | 'variantId'>) =>
  `holds.${holdId}_${(line.variantId ?? line.productId).toLowerCase()}`;

/** Moves a hold's units back to the shoppers (or drops it, should its variant be gone). */
async function endEntry(holdId: string, line: StockLine, expiredBy?: Date) {
  const entry = entryKey(holdId, line);
  const guard = {
    _id: line.productId,
    [entry]: { $exists: true },
    ...(expiredBy ? { [`${entry}.expiresAt`]: { $lte: expiredBy } } : {}),
  };
  const { matchedCount } = await ProductModel.updateOne(
    { ...guard, [stockKey(line)]: { $exists: true } },
    {
      $unset: { [entry]: '' },
      $inc: {
        [stockKey(line)]: line.quantity,
        quantity: line.quantity,
        [heldKey(line)]: -line.quantity,
      },
    },
  );
  if (matchedCount === 0) {
    await ProductModel.updateOne(
      { ...guard, [stockKey(line)]: { $exists: false } },
      { $unset: { [entry]: '', [heldKey(line)]: '' } },
    );
  }
}

/** Ends the holds of these products that expired by `now` (each once, whoever sweeps too). */
async function sweepExpiredOf(productIds: readonly string[], now: Date) {
  const products = await ProductModel.find({ _id: { $in: [...new Set(productIds)] } })
    .select('holds')
    .lean<Pick<ProductDoc, '_id' | 'holds'>[]>();
  await Promise.all(
    products.flatMap((product) =>
      Object.entries((product.holds ?? {}) as Record<string, StoredEntry>)
        .filter(([, entry]) => entry.expiresAt <= now)
        .map(([key, entry]) => {
          const [holdId = ''] = key.split('_');
          return endEntry(
            holdId,
            { productId: String(product._id), variantId: entry.variant, quantity: entry.quantity },
            now,
          );
        }),
    ),
  );
}

interface StoredEntry {
  variant: string;
  quantity: number;
  expiresAt: Date;
}

/** A hold taken, or the first line that could not be, with the units shoppers can have of it. */
export type HoldOutcome = { holdId: string } | { refused: number; available: number };

/**
 * Holds every line's units for `holder` until `expiresAt`, or none: its previous hold is
 * released first (a shopper has one checkout at a time), then each line is held by one guarded
 * update, after the expired holds of its products were swept. At the first line that cannot be
 * had, the lines held are released and that line is answered (its index).
 */
export async function holdStock(
  holder: string,
  lines: readonly StockLine[],
  expiresAt: Date,
): Promise<HoldOutcome> {
  const previous = await CheckoutHoldModel.findOne({ _id: holder }).lean<
    CheckoutHold & { _id: string }
  >();
  if (previous) await release(previous);
  const holdId = randomBytes(12).toString('hex');
  const stockLines = lines.map(({ productId, variantId, quantity }) => ({
    productId,
    ...(variantId ? { variantId } : {}),
    quantity,
  }));
  // First, so that a process dying midway leaves holds a sweep can find.
  await CheckoutHoldModel.updateOne(
    { _id: holder },
    { $set: { holdId, lines: stockLines, expiresAt } },
    { upsert: true },
  );
  const refused = await writeToCatalogue(productChange(lines.map((l) => l.productId)), async () => {
    await sweepExpiredOf(
      lines.map((l) => l.productId),
      new Date(),
    );
    const held: StockLine[] = [];
    try {
      for (const line of lines) {
        const { matchedCount } = await ProductModel.updateOne(
          { _id: line.productId, [stockKey(line)]: { $gte: line.quantity } },
          {
            $inc: {
              [stockKey(line)]: -line.quantity,
              quantity: -line.quantity,
              [heldKey(line)]: line.quantity,
            },
            $set: {
              [entryKey(holdId, line)]: {
                variant: (line.variantId ?? line.productId).toLowerCase(),
                quantity: line.quantity,
                expiresAt,
              },
            },
          },
        );
        if (matchedCount === 0) return lines.indexOf(line);
        held.push(line);
      }
      return null;
    } finally {
      if (held.length < lines.length) await Promise.all(held.map((l) => endEntry(holdId, l)));
    }
  });
  if (refused === null) return { holdId };
  await CheckoutHoldModel.deleteOne({ _id: holder, holdId });
  return { refused, available: await availableOf(lines[refused] as StockLine) };
}

async function availableOf(line: StockLine): Promise<number> {
  const product = await ProductModel.findById(line.productId)
    .select('stock')
    .lean<Pick<ProductDoc, 'stock'>>();
  const stock = (product?.stock ?? {}) as unknown as Record<string, number>;
  return stock[stockKey(line).slice('stock.'.length)] ?? 0;
}

async function endHold(hold: CheckoutHold, expiredBy?: Date) {
  await writeToCatalogue(productChange(hold.lines.map((l) => l.productId)), () =>
    Promise.all(hold.lines.map((line) => endEntry(hold.holdId, line, expiredBy))),
  );
}

/** Gives a checkout's held units back (its payment was cancelled, or replaced by another). */
async function release(hold: CheckoutHold & { _id: string }) {
  await endHold(hold);
  await CheckoutHoldModel.deleteOne({ _id: hold._id, holdId: hold.holdId });
}

/** Gives back the units of the hold `holdId`, if it still holds any. */
export async function releaseHold(holdId: string): Promise<void> {
  const hold = await CheckoutHoldModel.findOne({ holdId }).lean<CheckoutHold & { _id: string }>();
  if (hold) await release(hold);
}

/**
 * Takes the lines of a placed order out of stock: the units its hold (`holdId`) still holds
 * become the sale, in one update per line guarded on the hold; the others (a hold expired and
 * swept, or a payment without one) are taken from what shoppers can have, once the expired
 * holds of their products are swept, or refused with 409 (and the held units given back).
 */
export async function takeHeldStock(
  holdId: string | null,
  lines: readonly NamedStockLine[],
): Promise<void> {
  const sold: NamedStockLine[] = [];
  try {
    await writeToCatalogue(productChange(lines.map((l) => l.productId)), async () => {
      for (const line of lines) {
        if (holdId && (await sellHeld(holdId, line))) sold.push(line);
      }
    });
    if (holdId) await CheckoutHoldModel.deleteOne({ holdId });
    const unheld = lines.filter((line) => !sold.includes(line));
    if (unheld.length === 0) return;
    await writeToCatalogue(productChange(unheld.map((l) => l.productId)), () =>
      sweepExpiredOf(
        unheld.map((l) => l.productId),
        new Date(),
      ),
    );
    await takeStock(unheld);
  } catch (err) {
    // Units a failed give-back leaves out are under-counted, never oversold.
    await giveBackStock(sold).catch(() => {});
    throw err;
  }
}

/** Turns the hold's units of this line into the sale: whether the hold still held them. */
async function sellHeld(holdId: string, line: StockLine): Promise<boolean> {
  const entry = entryKey(holdId, line);
  const { matchedCount } = await ProductModel.updateOne(
    { _id: line.productId, [entry]: { $exists: true }, [`${entry}.quantity`]: line.quantity },
    { $unset: { [entry]: '' }, $inc: { [heldKey(line)]: -line.quantity } },
  );
  return matchedCount > 0;
}

/** Ends every hold that expired by `now`, in whichever process runs it: how many. */
export async function sweepExpiredHolds(now = new Date()): Promise<number> {
  const expired = await CheckoutHoldModel.find({ expiresAt: { $lte: now } }).lean<
    (CheckoutHold & { _id: string })[]
  >();
  for (const hold of expired) {
    await endHold(hold, now);
    await CheckoutHoldModel.deleteOne({ _id: hold._id, holdId: hold.holdId });
  }
  return expired.length;
}

/** How often each API process sweeps expired holds: "within seconds" of their expiry. */
const SWEEP_EVERY_MS = 2_000;

/**
 * Sweeps expired holds every few seconds in this process (every process does: a sweep ends
 * each hold once). Nothing waits for it: a hold that expired is swept anyway by the next
 * checkout touching its product.
 */
export function sweepExpiredHoldsRegularly(onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void sweepExpiredHolds().catch(onError), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
