import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import mongoose from 'mongoose';
import { RateLimiterMongo, RateLimiterRes } from 'rate-limiter-flexible';
import { keyedGroupCommits } from './group-commits.js';

/**
 * Budgets counted in the database (rate-limiter-flexible's Mongo store), so that every API
 * process on it spends from the same one: `limit` per key in a fixed window that starts with the
 * key's first spending. Each spending is one atomic upsert of the key's document (the
 * middleware's calls of one key that come at once share one, see SharedBudgetStore).
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

/** The windows of one budget: `name` keeps its keys apart from other budgets'. */
const windowsOf = (name: string, limit: number, windowMs: number) =>
  new RateLimiterMongo({
    storeClient: mongoose.connection,
    tableName: COLLECTION,
    keyPrefix: name,
    points: limit,
    duration: windowMs / 1000,
    // Its TTL index is refused by FerretDB v1: the model above declares the indexes instead.
    disableIndexesCreation: true,
  });

/** The library rejects with its result, not an Error, when the budget is spent. */
const spentAnyway = (err: unknown): RateLimiterRes => {
  if (err instanceof RateLimiterRes) return err;
  throw err;
};

export function sharedBudget({
  name,
  limit,
  windowMs,
}: {
  name: string;
  limit: number;
  windowMs: number;
}): SharedBudget {
  const windows = windowsOf(name, limit, windowMs);
  return {
    spend: (key) =>
      windows.consume(key).then(
        () => true,
        (err: unknown) => {
          spentAnyway(err);
          return false;
        },
      ),
    giveBack: async (key) => {
      await windows.reward(key);
    },
  };
}

const rateLimitInfo = (res: RateLimiterRes): ClientRateLimitInfo => ({
  totalHits: res.consumedPoints,
  resetTime: new Date(Date.now() + res.msBeforeNext),
});

/**
 * express-rate-limit's store over the same windows: the middleware still decides and answers
 * (its 429, its message, its `RateLimit` headers), and the database counts, so every process
 * spends from one budget instead of each keeping its own in memory. `name` keeps the budget's
 * keys apart from other budgets'; it is the same in every process.
 */
export class SharedBudgetStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  #windows: RateLimiterMongo | undefined;
  /**
   * The calls of one key that come while its last spending is on its way (many shoppers behind
   * one address, under load) are spent together by the next, one command for all: the window
   * counts them as it would one by one, and each call is told its own place among them.
   */
  readonly #spendings = keyedGroupCommits(
    (key, calls: number) => this.#budget.consume(key, calls).catch(spentAnyway),
    (a, b) => a + b,
    0,
  );

  constructor(name: string) {
    this.prefix = name;
  }

  /** Called by the middleware as it is made, with its own window and limit. */
  init(options: Options) {
    if (typeof options.limit !== 'number') throw new TypeError('a shared budget has a fixed limit');
    this.#windows = windowsOf(this.prefix, options.limit, options.windowMs);
  }

  get #budget(): RateLimiterMongo {
    if (!this.#windows) throw new Error(`rate limit ${this.prefix}: its store was never set up`);
    return this.#windows;
  }

  /** Spends one call, past the limit too, so the answer says how many were asked for. */
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const spending = this.#spendings(key, 1);
    // This call's place in its spending, which the window counted last of all.
    const place = spending.change;
    const res = await spending.answer;
    return {
      ...rateLimitInfo(res),
      totalHits: res.consumedPoints - spending.change + place,
    };
  }

  async decrement(key: string) {
    await this.#budget.reward(key);
  }

  async resetKey(key: string) {
    await this.#budget.delete(key);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const res = await this.#budget.get(key);
    return res ? rateLimitInfo(res) : undefined;
  }
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
