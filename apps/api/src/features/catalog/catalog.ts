import type { Product } from '@shop/contracts';
import { isValidObjectId } from 'mongoose';
import { type CategoryDoc, CategoryModel, toCategory } from '../categories/model.js';
import {
  PRODUCT_LIST_FIELDS,
  type ProductDoc,
  ProductModel,
  type ProductWithCategory,
  toProduct,
} from '../products/model.js';
import { type CatalogEntry, CatalogStore, toEntry } from './store.js';
import {
  announceChange,
  type CatalogChange,
  KEPT_CHANGES,
  readCatalogHead,
  readChange,
} from './version.js';

export type { CatalogChange } from './version.js';

/** How often each process asks whether the catalogue changed: well inside the 1 s promise. */
export const CATALOG_POLL_MS = 200;

let store: CatalogStore | null = null;
/** The last change of the version document this process's store reflects. */
let appliedVersion = 0;
let loading: Promise<CatalogStore> | null = null;

type StoredProduct = Omit<ProductWithCategory, 'category'> & { category: ProductDoc['category'] };

/** toProduct stays the one place that shapes a product; the category comes from memory. */
function entryOf(doc: StoredProduct, catalog: Pick<CatalogStore, 'categoryOf'>): CatalogEntry {
  const categoryId = String(doc.category);
  const product: Product = toProduct({ ...doc, category: null });
  return toEntry({ ...product, category: catalog.categoryOf(categoryId) }, categoryId);
}

const readCategories = async () =>
  (await CategoryModel.find().lean<CategoryDoc[]>()).map(toCategory);

async function loadAll(): Promise<CatalogStore> {
  // The version is read first: a change made while the products are read is applied again.
  const version = await readCatalogHead();
  const categories = new CatalogStore(await readCategories(), []);
  const docs = await ProductModel.find().select(PRODUCT_LIST_FIELDS).lean<StoredProduct[]>();
  const fresh = new CatalogStore(
    categories.allCategories(),
    docs.map((doc) => entryOf(doc, categories)),
  );
  appliedVersion = version;
  return fresh;
}

/** Reloads one product by `_id` (the only filter FerretDB answers from an index). */
async function reloadProduct(catalog: CatalogStore, productId: string) {
  if (!isValidObjectId(productId)) return;
  const doc = await ProductModel.findById(productId)
    .select(PRODUCT_LIST_FIELDS)
    .lean<StoredProduct>();
  if (doc) catalog.upsert(entryOf(doc, catalog));
  else catalog.remove(productId);
}

/** The changes after this process's, in order (until the first one not announced yet). */
async function changesSince(version: number): Promise<CatalogChange[] | 'too many'> {
  const missed: CatalogChange[] = [];
  for (;;) {
    const change = await readChange(version + missed.length + 1);
    if (!change) return missed;
    if (missed.length === KEPT_CHANGES) return 'too many';
    missed.push(change);
  }
}

/**
 * Whether the change after `version` was dropped (the process fell too far behind) or the
 * history started anew (an emptied database): only a full reload is right then.
 */
async function lostTrack(version: number): Promise<boolean> {
  const head = await readCatalogHead();
  if (head > version) return true;
  return head < version && version > 0 && !(await readChange(version));
}

/** Brings this process's store up to the announced changes, reloading only what changed. */
async function catchUp(): Promise<void> {
  const catalog = store;
  if (!catalog) return;
  const missed = await changesSince(appliedVersion);
  if (missed === 'too many' || (missed.length === 0 && (await lostTrack(appliedVersion)))) {
    store = await loadAll();
    return;
  }
  if (missed.length === 0) return;
  if (missed.some((c) => c.all)) {
    store = await loadAll();
    return;
  }
  if (missed.some((c) => c.categories)) catalog.setCategories(await readCategories());
  const productIds = new Set(missed.flatMap((c) => c.productIds ?? []));
  await Promise.all([...productIds].map((id) => reloadProduct(catalog, id)));
  appliedVersion += missed.length;
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

/** The catalogue as it is now, or null before it is loaded; never waits. */
export const loadedCatalog = () => store;

/** The catalogue of this process, loaded on first use, then kept fresh by polling. */
export function currentCatalog(): Promise<CatalogStore> {
  if (store) return Promise.resolve(store);
  loading ??= loadAll().then(
    (loaded) => {
      store = loaded;
      // A failed poll (database briefly away) is retried by the next one.
      setInterval(() => void sync().catch(() => {}), CATALOG_POLL_MS).unref();
      return loaded;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/**
 * Every write to products or categories calls this after writing: it tells every API
 * process (through the version document) and updates this one before returning, so the
 * writer's next read shows its change.
 */
export async function catalogChanged(change: CatalogChange = { all: true }): Promise<void> {
  await announceChange(change, appliedVersion);
  await sync();
}
