import mongoose from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Budgets counted in the database (rate-limiter-flexible's Mongo store), so that every API
 * process on it spends from the same one: `limit` per key in a fixed window that starts with the
 * key's first spending. Each spending is one atomic upsert of the key's document.
 */
export interface SharedBudget {
  /** Spends one of `key`'s budget: false, and nothing spent, when none was left. */
  spend: (key: string) => Promise<boolean>;
  /** Gives one back to `key`'s budget (a spending that turned out not to count). */
  giveBack: (key: string) => Promise<void>;
}

const COLLECTION = 'budget_windows';

/**
 * One document per key: `points` spent in the window that ends at `expire`. The unique key makes
 * concurrent first spendings share one document. FerretDB v1 has no TTL index, so the windows
 * that ended are swept away (`sweepBudgetWindowsRegularly`); until then the library starts a
 * key's next window over its old one.
 */
const budgetWindowSchema = new mongoose.Schema(
  {
    key: { type: String, required: true },
    points: { type: Number, required: true },
    expire: { type: Date, required: true },
  },
  { collection: COLLECTION, versionKey: false },
);
budgetWindowSchema.index({ key: 1 }, { unique: true });
budgetWindowSchema.index({ expire: 1 });
const BudgetWindowModel = mongoose.model(COLLECTION, budgetWindowSchema);

/** `name` keeps its keys apart from other budgets'. */
export function sharedBudget({
  name,
  limit,
  windowMs,
}: {
  name: string;
  limit: number;
  windowMs: number;
}): SharedBudget {
  const windows = new RateLimiterMongo({
    storeClient: mongoose.connection,
    tableName: COLLECTION,
    keyPrefix: name,
    points: limit,
    duration: windowMs / 1000,
    // Its TTL index is refused by FerretDB v1: the model above declares the indexes instead.
    disableIndexesCreation: true,
  });
  return {
    spend: (key) =>
      windows.consume(key).then(
        () => true,
        (err: unknown) => {
          // The library rejects with its result, not an Error, when the budget is spent.
          if (err instanceof RateLimiterRes) return false;
          throw err;
        },
      ),
    giveBack: async (key) => {
      await windows.reward(key);
    },
  };
}

/** Removes the windows that ended before `now` (with nothing left to count). */
export async function sweepEndedBudgetWindows(now = new Date()): Promise<number> {
  return (await BudgetWindowModel.deleteMany({ expire: { $lte: now } })).deletedCount;
}

const SWEEP_EVERY_MS = 15 * 60 * 1000;

/** Sweeps the ended windows every 15 minutes, in the background, until the returned stop. */
export function sweepBudgetWindowsRegularly(onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => void sweepEndedBudgetWindows().catch(onError), SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
