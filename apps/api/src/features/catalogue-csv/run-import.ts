import { taxClassesOf } from '@shop/contracts/tax';
import { catchUpCatalogue, currentCatalogue, skuKey } from '../catalogue/index.js';
import { listCategories } from '../categories/index.js';
import { findProductsById, type StoredProduct } from '../products/index.js';
import { storeCurrency } from '../store/index.js';
import { taxSettings } from '../tax/index.js';
import { type RowContext, type RowInput, readRow } from './input.js';
import { type ImportOptions, type PhotoContext, photoSteps, withPhotos } from './photo-rows.js';
import { PlanBuilder, type PlanContext, type ProductPlan } from './plan.js';
import { planExistingProduct } from './plan-existing.js';
import { planNewProduct } from './plan-new.js';
import { csvRecords } from './read-file.js';
import { type ClaimedJob, finishJob, saveProgress } from './repository.js';
import { PlanWriter, Tally } from './write-plans.js';

/** Rows between two progress writes (each also renews the job's lease). */
const PROGRESS_EVERY = 200;
/** Products read from the database at once. */
const PRODUCTS_BATCH = 500;

/** The job's lease ran out and another process took it over: this one stops. */
class LeaseLost extends Error {}

/** Where rows' errors go: the job's list of them. */
type RowErrors = Pick<Tally['errors'], 'push'>;

/** The rows of one product: a product the shop has (by id), or a new one (by slug). */
type Group = { productId: string; rows: RowInput[] } | { slug: string; rows: RowInput[] };

/** Reads the file: each row checked on its own, a SKU twice refused after its first row. */
async function readRows(file: Buffer, context: RowContext, errors: RowErrors) {
  const rows: RowInput[] = [];
  const firstRowOf = new Map<string, number>();
  let header: string[] | null = null;
  let number = 0;
  for await (const cells of csvRecords(file)) {
    number += 1;
    if (!header) {
      header = cells.map((c) => c.trim());
      continue;
    }
    const read = readRow(cells, number, header, context);
    // A SKU twice is refused on its later rows, whether or not its first row was good.
    const first = read.sku ? firstRowOf.get(skuKey(read.sku)) : undefined;
    if (first !== undefined) {
      errors.push({
        row: number,
        column: 'sku',
        message: `SKU ${read.sku} is also on row ${first}`,
      });
    } else if (read.sku) firstRowOf.set(skuKey(read.sku), number);
    if ('errors' in read) errors.push(...read.errors);
    else if (first === undefined) rows.push(read.input);
  }
  return { rows, total: Math.max(number - 1, 0) };
}

/** The rows by product, in the order their products first appear; rows that find none refused. */
async function groupRows(rows: readonly RowInput[], errors: RowErrors): Promise<Group[]> {
  const catalogue = await currentCatalogue();
  const groups = new Map<string, Group>();
  for (const row of rows) {
    const owner =
      catalogue.productBySku(row.sku) ?? (row.slug ? catalogue.productBySlug(row.slug) : undefined);
    if (!owner && !row.slug) {
      errors.push({
        row: row.row,
        column: 'slug',
        message: 'A new SKU needs the slug of its product',
      });
      continue;
    }
    const key = owner ? `id:${owner.product._id}` : `slug:${row.slug}`;
    const group =
      groups.get(key) ??
      (owner ? { productId: owner.product._id, rows: [] } : { slug: row.slug ?? '', rows: [] });
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()];
}

async function contexts(): Promise<{ row: RowContext; plan: PlanContext }> {
  const [currency, categories, taxes] = await Promise.all([
    storeCurrency(),
    listCategories(),
    taxSettings(),
  ]);
  const idBySlug = new Map(categories.map((c) => [c.slug, c._id]));
  const slugById = new Map(categories.map((c) => [c._id, c.slug]));
  return {
    row: {
      currency,
      categoryIdBySlug: (slug) => idBySlug.get(slug),
      taxClasses: taxClassesOf(taxes.rates),
    },
    plan: { currency, categorySlugOf: (id) => slugById.get(id) ?? '' },
  };
}

/**
 * Runs a claimed import: reads and checks every row, then product by product fetches its rows'
 * photos, works out what changes and (unless a dry run) writes it through the products' use
 * cases. A row refused, by its checks, its photo or its product's write, is written nothing
 * of; the others go on. Progress is written every PROGRESS_EVERY rows, which renews the lease.
 */
export async function runImport(job: ClaimedJob, options: ImportOptions): Promise<void> {
  const photoContext: PhotoContext = { dryRun: job.dryRun, ...options };
  try {
    const context = await contexts();
    const tally = new Tally();
    const { rows, total } = await readRows(job.file, context.row, tally.errors);
    tally.total = total;
    const groups = await groupRows(rows, tally.errors);
    // The rows refused so far are done with.
    tally.processed = total - groups.reduce((n, g) => n + g.rows.length, 0);
    await save(job, tally);
    let lastSaved = tally.processed;
    const writer = new PlanWriter(tally, job.dryRun);
    for (let at = 0; at < groups.length; at += PRODUCTS_BATCH) {
      const batch = groups.slice(at, at + PRODUCTS_BATCH);
      const ids = batch.flatMap((g) => ('productId' in g ? [g.productId] : []));
      const stored = new Map((await findProductsById(ids)).map((p) => [p._id, p]));
      const plans = { plan: context.plan, photos: photoContext };
      for (const group of batch) {
        await writer.write(await planOf(group, stored, plans, tally));
        tally.processed += group.rows.length;
        if (tally.processed - lastSaved >= PROGRESS_EVERY) {
          await save(job, tally);
          lastSaved = tally.processed;
        }
      }
      await writer.flush();
    }
    // Its writes did not wait for this process's catalogue: done means the shop shows them here.
    await catchUpCatalogue();
    await finishJob(job, { status: 'done', progress: tally.progress() });
  } catch (err) {
    if (err instanceof LeaseLost) return;
    const notCsv = isCsvError(err);
    await finishJob(job, {
      status: 'failed',
      message: notCsv
        ? `The file is not valid CSV: ${(err as Error).message}`
        : 'The import stopped on an error of the shop; try again',
    });
    // The file's fault is the job's outcome; only the shop's own is an error to log.
    if (!notCsv) throw err;
  }
}

/** An error of the CSV reader (an unclosed quote): csv-parse's codes start with CSV_. */
const isCsvError = (err: unknown) =>
  err instanceof Error && 'code' in err && String(err.code).startsWith('CSV_');

async function save(job: ClaimedJob, tally: Tally) {
  if (!(await saveProgress(job, tally.unsaved()))) throw new LeaseLost();
}

/**
 * What the rows of one product change: its rows' photos fetched first (a row whose photo fails
 * is refused before anything of it is planned), then its plan, with the photos in it.
 */
async function planOf(
  group: Group,
  stored: ReadonlyMap<string, StoredProduct>,
  context: { plan: PlanContext; photos: PhotoContext },
  tally: Tally,
): Promise<ProductPlan> {
  const builder = new PlanBuilder(context.plan);
  const product = 'productId' in group ? stored.get(group.productId) : undefined;
  if ('productId' in group && !product) {
    for (const row of group.rows) builder.refuse(row, 'sku', 'Its product was deleted meanwhile');
    return builder.finish();
  }
  const photos = await photoSteps(product, group.rows, context.photos);
  tally.errors.push(...photos.errors);
  const photoRefused = new Set(photos.errors.map((e) => e.row));
  const rows = group.rows.filter((row) => !photoRefused.has(row.row));
  const slug = 'slug' in group ? group.slug : '';
  const plan = withPhotos(
    product ? planExistingProduct(product, rows, builder) : planNewProduct(slug, rows, builder),
    photos.steps,
    product ? { productId: product._id } : { slug },
  );
  tally.errors.push(...plan.errors);
  return plan;
}
