import { type Category, objectIdSchema, type Product } from '@shop/contracts';
import {
  type CatalogueChange,
  KEPT_CHANGES,
  type LoggedChange,
  logDatabase,
  noteChangeSeen,
  noteWholeChange,
  onCatalogueChanged,
  readCatalogueHead,
  readChange,
  readChangesAfter,
  readOpenIntents,
  WRITE_LIMIT_MS,
} from '../../db/catalogue-changes.js';
import { CatalogueStore, toEntry } from './store.js';

/**
 * A product as its feature's presenter answers it: its response shape (major units), its
 * category named by id only (the catalogue shows it from memory), and its reviews' version.
 */
export type SourcedProduct = Omit<Product, 'category'> & {
  categoryId: string;
  reviewsVersion: number;
};

/**
 * Where the catalogue reads what it keeps: the products' presenter and the categories'
 * repository, which the composition root hands it (src/wiring.ts), since both features read the catalogue back.
 */
export interface CatalogueSource {
  categories: () => Promise<Category[]>;
  products: () => Promise<SourcedProduct[]>;
  productsById: (productIds: readonly string[]) => Promise<SourcedProduct[]>;
}

let source: CatalogueSource | null = null;

/** Says where the catalogue reads from: done once by each entry point, before its first use. */
export function readCatalogueFrom(from: CatalogueSource) {
  source = from;
}

function sourceOf(): CatalogueSource {
  if (!source) throw new Error('the catalogue has no source: an entry point calls wireFeatures()');
  return source;
}

/** How often each process asks whether the catalogue changed: well inside the 1 s promise. */
export const CATALOGUE_POLL_MS = 200;

let store: CatalogueStore | null = null;
/** The last change of the log this process's store reflects. */
let appliedVersion = 0;
/** The database whose log that is. */
let loadedFrom = '';
let loading: Promise<CatalogueStore> | null = null;

/**
 * Intents whose completion this process has not seen, by number: their writes may land at any
 * moment, so their products are reloaded on every poll until the completion comes or `until`.
 */
const writing = new Map<number, { change: CatalogueChange; until: number }>();

/** The product as responses show it, its category taken from memory. */
function entryOf(
  { categoryId, reviewsVersion, ...product }: SourcedProduct,
  catalogue: Pick<CatalogueStore, 'categoryOf'>,
) {
  const category = catalogue.categoryOf(categoryId);
  return toEntry({ ...product, category }, { categoryId, reviewsVersion });
}

function watchIntents(intents: Map<number, LoggedChange>) {
  writing.clear();
  const until = Date.now() + WRITE_LIMIT_MS;
  for (const [version, change] of intents) writing.set(version, { change, until });
}

async function loadAll(): Promise<CatalogueStore> {
  // The log is read first: a change made while the products are read is applied again.
  const [version, intents] = await Promise.all([readCatalogueHead(), readOpenIntents()]);
  const categories = new CatalogueStore(await sourceOf().categories(), []);
  const products = await sourceOf().products();
  const fresh = new CatalogueStore(
    categories.allCategories(),
    products.map((product) => entryOf(product, categories)),
  );
  appliedVersion = version;
  loadedFrom = logDatabase();
  noteChangeSeen(version);
  watchIntents(intents);
  return fresh;
}

/** Reloads these products in one read by `_id`; those gone are removed. */
async function reloadProducts(catalogue: CatalogueStore, productIds: readonly string[]) {
  const ids = productIds.filter((id) => objectIdSchema.safeParse(id).success);
  if (ids.length === 0) return;
  const found = new Map((await sourceOf().productsById(ids)).map((p) => [p._id, p]));
  for (const id of ids) {
    const product = found.get(id);
    if (product) catalogue.upsert(entryOf(product, catalogue));
    else catalogue.remove(id);
  }
}

/** The changes after this process's, in order (until the first one not announced yet). */
async function changesSince(version: number): Promise<LoggedChange[] | 'too many'> {
  const missed = await readChangesAfter(version, KEPT_CHANGES + 1);
  return missed.length > KEPT_CHANGES ? 'too many' : missed;
}

/**
 * Whether the change after `version` was dropped (the process fell too far behind) or the
 * history started anew (an emptied database): only a full reload is right then. A newer change
 * with the next one there after all was announced just after it was looked for: no loss.
 */
async function hasLostTrack(version: number): Promise<boolean> {
  const head = await readCatalogueHead();
  if (head > version) return !(await readChange(version + 1));
  return head < version && version > 0 && !(await readChange(version));
}

/**
 * Notes the intents among the changes and forgets those completed; answers what to reload for
 * writes still under way: their products and categories on every poll, everything only once an
 * intent of a bulk write ran out of time without its completion.
 */
function trackWrites(missed: readonly LoggedChange[]): CatalogueChange[] {
  const now = Date.now();
  missed.forEach((change, i) => {
    if (change.intent) writing.set(appliedVersion + i + 1, { change, until: now + WRITE_LIMIT_MS });
    if (change.completes !== undefined) writing.delete(change.completes);
  });
  const reload: CatalogueChange[] = [];
  for (const [version, { change, until }] of writing) {
    const expired = now > until;
    if (expired) writing.delete(version);
    if (!change.all || expired) reload.push(change);
  }
  return reload;
}

/** Brings this process's store up to the announced changes, reloading only what changed. */
async function catchUp(): Promise<void> {
  const catalogue = store;
  if (!catalogue) return;
  if (logDatabase() !== loadedFrom) {
    store = await loadAll();
    return;
  }
  const missed = await changesSince(appliedVersion);
  if (missed === 'too many' || (missed.length === 0 && (await hasLostTrack(appliedVersion)))) {
    store = await loadAll();
    return;
  }
  const changes = [...missed, ...trackWrites(missed)];
  if (changes.some((c) => c.all)) {
    noteWholeChange();
    store = await loadAll();
    return;
  }
  if (changes.some((c) => c.categories)) catalogue.setCategories(await sourceOf().categories());
  const productIds = new Set(changes.flatMap((c) => c.productIds ?? []));
  await reloadProducts(catalogue, [...productIds]);
  appliedVersion += missed.length;
  noteChangeSeen(appliedVersion);
}

let syncing: Promise<void> | null = null;
let queued: Promise<void> | null = null;

/** One catch-up at a time; a request made meanwhile runs once more after it. */
function sync(): Promise<void> {
  if (!syncing) {
    syncing = catchUp().finally(() => {
      syncing = null;
    });
    return syncing;
  }
  queued ??= syncing
    .catch(() => {})
    .then(() => {
      queued = null;
      return sync();
    });
  return queued;
}

/**
 * Brings this process's catalogue up to every change announced so far: for a writer that did not
 * wait for it after each write (a catalogue import), once at its end.
 */
export const catchUpCatalogue = (): Promise<void> => (store ? sync() : Promise.resolve());

/** How many announced catalogue changes this process has not applied yet (for the metrics). */
export const catalogueRevisionLag = async () =>
  Math.max(0, (await readCatalogueHead()) - appliedVersion);

/** The catalogue as it is now, or null before it is loaded; never waits. */
export const loadedCatalogue = () => store;

/**
 * The catalogue of this process, loaded on first use, then kept fresh by polling the change
 * log, and at once after a write made here (the writer's next read shows its change).
 */
export function currentCatalogue(): Promise<CatalogueStore> {
  if (store) return Promise.resolve(store);
  loading ??= loadAll().then(
    (loaded) => {
      store = loaded;
      onCatalogueChanged(sync);
      // A failed poll (database briefly away) is retried by the next one.
      setInterval(() => void sync().catch(() => {}), CATALOGUE_POLL_MS).unref();
      return loaded;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}
