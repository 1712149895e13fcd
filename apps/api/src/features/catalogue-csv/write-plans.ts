import {
  MAX_LISTED_CHANGES,
  MAX_LISTED_ERRORS,
  type RowChange,
  type RowError,
} from '@shop/contracts/catalogue-csv';
import { AppError, isDuplicateKeyError } from '../../lib/errors.js';
import {
  changeManyVariants,
  findProductsById,
  insertNewProducts,
  type NewProduct,
  type VariantsChange,
} from '../products/index.js';
import type { ProductPlan } from './plan.js';
import type { JobProgress, ProgressUpdate } from './repository.js';
import { RowList } from './row-list.js';

/** The import's running totals, with the first rows' errors and changes its job lists. */
export class Tally {
  processed = 0;
  total = 0;
  created = 0;
  updated = 0;
  unchanged = 0;
  readonly errors = new RowList<RowError>(MAX_LISTED_ERRORS);
  readonly changes = new RowList<RowChange>(MAX_LISTED_CHANGES);
  /** The lists' versions last written to the job (see `unsaved`). */
  private saved = { errors: -1, changes: -1 };

  add(plan: Pick<ProductPlan, 'created' | 'updated' | 'unchanged' | 'changes'>) {
    this.created += plan.created;
    this.updated += plan.updated;
    this.unchanged += plan.unchanged;
    this.changes.push(...plan.changes);
  }

  progress(): JobProgress {
    return {
      ...this.counts(),
      errors: [...this.errors.entries],
      changes: [...this.changes.entries],
    };
  }

  /**
   * The progress to write now: the counts, and each list only when it changed since it was
   * last written (a large import's lists fill early, then stay as they are).
   */
  unsaved(): ProgressUpdate {
    const update: ProgressUpdate = this.counts();
    if (this.errors.changedAt !== this.saved.errors) update.errors = [...this.errors.entries];
    if (this.changes.changedAt !== this.saved.changes) update.changes = [...this.changes.entries];
    this.saved = { errors: this.errors.changedAt, changes: this.changes.changedAt };
    return update;
  }

  private counts() {
    return {
      processed: this.processed,
      total: this.total,
      created: this.created,
      updated: this.updated,
      unchanged: this.unchanged,
      errorCount: this.errors.count,
      changeCount: this.changes.count,
    };
  }
}

/** Why a write refused a product's rows, when it is the rows' fault (a 4xx), else null. */
function refusal(err: unknown): string | null {
  if (err instanceof AppError && err.status < 500) return err.message;
  if (isDuplicateKeyError(err)) return 'Product Already Exists';
  return null;
}

/**
 * Products the shop has written at once: each write waits on the database most of its time (its
 * announcement, the update, the catalogue's read back), and writes made together share their
 * announcements (see writeToCatalogue).
 */
const CONCURRENT_WRITES = 8;

/**
 * Products whose variants alone change written in one update (see changeManyVariants): a price
 * list's thousands of products then take a few dozen writes and announcements, and every
 * process's catalogue reloads them a batch at a time, instead of each costing a read, an update
 * and its share of announcements (and its garbage) of its own.
 */
const VARIANTS_BATCH = 50;

/**
 * Writes the products' plans (none in a dry run) and counts them. Products whose variants alone
 * change are written VARIANTS_BATCH at once; other products the shop has, CONCURRENT_WRITES at a
 * time; new products wait for `flush` and are inserted together, in one write the catalogue of
 * every process reloads once (one insert each took most of a large import's time). A write
 * refused refuses its product's rows; any other failure is thrown.
 */
export class PlanWriter {
  private pending: (ProductPlan & { insert: NewProduct })[] = [];
  private variantsPending: (ProductPlan & { variants: VariantsChange })[] = [];
  private readonly running = new Set<Promise<void>>();
  private failed: { error: unknown } | null = null;

  constructor(
    private readonly tally: Tally,
    private readonly dryRun: boolean,
  ) {}

  async write(plan: ProductPlan) {
    if (this.dryRun || (!plan.write && !plan.photos && !plan.variants)) this.tally.add(plan);
    else if (plan.insert) this.pending.push({ ...plan, insert: plan.insert });
    else if (plan.variants) {
      this.variantsPending.push({ ...plan, variants: plan.variants });
      if (this.variantsPending.length >= VARIANTS_BATCH) await this.writeVariants();
    } else {
      const running: Promise<void> = this.settle(plan, true)
        .catch((error: unknown) => {
          this.failed ??= { error };
        })
        .finally(() => this.running.delete(running));
      this.running.add(running);
      if (this.running.size >= CONCURRENT_WRITES) await Promise.race(this.running);
    }
    this.throwIfFailed();
  }

  private throwIfFailed() {
    if (this.failed) throw this.failed.error;
  }

  /**
   * Waits for the writes under way, then inserts the new products waiting; those after one
   * refused are written one by one.
   */
  async flush() {
    await Promise.all(this.running);
    this.throwIfFailed();
    await this.writeVariants();
    const pending = this.pending;
    this.pending = [];
    if (pending.length === 0) return;
    let inserted = pending;
    try {
      await insertNewProducts(pending.map((plan) => plan.insert));
    } catch (err) {
      if (refusal(err) === null) throw err;
      // The insert stops at the product refused: those before it are stored.
      const stored = new Set(
        (await findProductsById(pending.map((plan) => plan.insert._id))).map((p) => p._id),
      );
      inserted = pending.filter((plan) => stored.has(plan.insert._id));
      for (const plan of pending) if (!stored.has(plan.insert._id)) await this.settle(plan, true);
    }
    for (const plan of inserted) await this.settle(plan, false);
  }

  /** Writes the variants waiting, in one update, then each one's photos; a refused one refuses its rows. */
  private async writeVariants() {
    const waiting = this.variantsPending;
    this.variantsPending = [];
    if (waiting.length === 0) return;
    const outcomes = await changeManyVariants(waiting.map((plan) => plan.variants));
    for (const [at, plan] of waiting.entries()) {
      const refused = outcomes[at];
      if (refused) this.refuse(plan, refused.message);
      else await this.settle(plan, false);
    }
  }

  /** Writes the plan (unless written already) and its photos, counting it, or refusing its rows. */
  private async settle(plan: ProductPlan, write: boolean) {
    try {
      if (write) await plan.write?.();
      await plan.photos?.();
    } catch (err) {
      const message = refusal(err);
      if (message === null) throw err;
      this.refuse(plan, message);
      return;
    }
    this.tally.add(plan);
  }

  private refuse(plan: ProductPlan, message: string) {
    this.tally.errors.push(...plan.rows.map((row) => ({ row, column: '', message })));
  }
}
