import { isDeepStrictEqual } from 'node:util';
import type { Category, Product, ProductVariant } from '@shop/contracts';
import { type FacetKeys, facetKeysOf } from './facet-keys.js';
import { FacetTable } from './facet-table.js';
import { foldText, SearchIndex } from './search-index.js';
import { shown } from './shown.js';
import { SortColumns } from './sort-columns.js';

/** Sorts names as a person reads them: 'apple' next to 'Apricot', not after 'Zebra'. */
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export const compareNames = (a: string, b: string) => byName.compare(a, b);

/** Smaller first: an order, not an amount (prices compare as the catalogue keeps them). */
export const ascending = (a: number, b: number) => (a < b ? -1 : a > b ? 1 : 0);

/** A product as the catalogue keeps it: its response shape plus what the indexes need. */
export interface CatalogueEntry extends FacetKeys {
  product: Product;
  /** The stored category id, kept even when that category is gone (the response shows null). */
  categoryId: string;
  /** Moves at every review write its page shows (a product page's quotes are read for it). */
  reviewsVersion: number;
  createdAtMs: number;
  foldedName: string;
  foldedDescription: string;
  /** Its variants' SKUs, lower-cased. */
  skus: string[];
}

/** SKUs are unique in the shop in any case. */
export const skuKey = (sku: string) => sku.toLowerCase();

export const toEntry = (
  product: Product,
  { categoryId, reviewsVersion }: Pick<CatalogueEntry, 'categoryId' | 'reviewsVersion'>,
): CatalogueEntry => ({
  product,
  categoryId,
  reviewsVersion,
  createdAtMs: Date.parse(product.createdAt),
  foldedName: foldText(product.name),
  foldedDescription: foldText(product.description),
  skus: product.variants.map((v) => skuKey(v.sku)),
  ...facetKeysOf(product, categoryId),
});

let revisions = 0;
/** Unique across stores, so an answer cached from a replaced store is never served. */
const nextRevision = () => {
  revisions += 1;
  return revisions;
};

/** Newest first; the id breaks ties between products created in the same millisecond. */
export const compareNewest = (a: CatalogueEntry, b: CatalogueEntry) =>
  b.createdAtMs - a.createdAtMs ||
  (a.product._id < b.product._id ? 1 : a.product._id > b.product._id ? -1 : 0);

/** Whether a product's change moves it in the listings: newest first, by category. */
const moves = (a: CatalogueEntry, b: CatalogueEntry) =>
  a.createdAtMs !== b.createdAtMs || a.categoryId !== b.categoryId;

/**
 * Whether a product's change changes what a search finds: its words (name, description, option
 * values, category's name: what the word index keeps of it) or SKUs.
 */
const wordsChange = (a: CatalogueEntry, b: CatalogueEntry) =>
  a.foldedName !== b.foldedName ||
  a.foldedDescription !== b.foldedDescription ||
  a.product.category?.name !== b.product.category?.name ||
  !isDeepStrictEqual(a.optionValues, b.optionValues) ||
  !isDeepStrictEqual(a.skus, b.skus);

/** What a product's change (from `before` to `after`, either absent) changes of what pages show. */
function changedByProduct(before?: CatalogueEntry, after?: CatalogueEntry): string[] {
  const things = [before, after].flatMap((entry) =>
    entry ? [shown.product(entry.product._id), shown.slug(entry.product.slug)] : [],
  );
  if (!before || !after || moves(before, after)) {
    const listings = [before, after].flatMap((entry) =>
      entry ? [shown.listing(entry.categoryId)] : [],
    );
    return [...things, ...listings, shown.newest, shown.matches];
  }
  return wordsChange(before, after) ? [...things, shown.matches] : things;
}

/**
 * The read-only catalogue of one API process: every product (without photo bytes) and every
 * category, with the indexes the storefront reads through. It never touches the database;
 * `revision` changes whenever its content does, so answers built from it can be cached; and
 * each thing a page shows (shown.ts) has a version of its own, which moves only when that thing
 * changes, so a page kept is made again only when something it shows changed.
 */
export class CatalogueStore {
  revision = nextRevision();
  /** Each thing pages show, by the number it took at its last change (none: 0). */
  private readonly versions = new Map<string, number>();
  private readonly products = new Map<string, CatalogueEntry>();
  private readonly bySlug = new Map<string, CatalogueEntry>();
  private readonly bySku = new Map<string, CatalogueEntry>();
  private readonly variantsById = new Map<string, ProductVariant>();
  private readonly productsByVariant = new Map<string, CatalogueEntry>();
  private categories: Category[] = [];
  private readonly categoriesById = new Map<string, Category>();
  private readonly categoriesBySlug = new Map<string, Category>();
  /** Built on first use after a change that moves products between positions. */
  private newest: { entries: CatalogueEntry[]; numbers: Uint32Array } | null = null;
  private byCategory: Map<string, CatalogueEntry[]> | null = null;
  private readonly words = new SearchIndex<CatalogueEntry>();
  /** Each product's facet keys and what the sorts read, by its number in `words`. */
  readonly facetTable = new FacetTable();
  readonly sortColumns = new SortColumns();

  constructor(categories: readonly Category[], entries: readonly CatalogueEntry[]) {
    this.setCategories(categories);
    for (const entry of entries) this.upsert(entry);
  }

  /** The version of a thing pages show (shown.ts): `everything` is the revision. */
  versionOf(thing: string): number {
    return thing === shown.everything ? this.revision : (this.versions.get(thing) ?? 0);
  }

  private changed(things: readonly string[]) {
    const version = nextRevision();
    for (const thing of things) this.versions.set(thing, version);
  }

  /** Replaces every category; products show their category's new name at once. */
  setCategories(categories: readonly Category[]) {
    const sorted = [...categories].sort((a, b) => byName.compare(a.name, b.name));
    if (!isDeepStrictEqual(sorted, this.categories)) this.changed([shown.categories]);
    this.categories = sorted;
    this.categoriesById.clear();
    this.categoriesBySlug.clear();
    for (const category of this.categories) {
      this.categoriesById.set(category._id, category);
      this.categoriesBySlug.set(category.slug, category);
    }
    for (const entry of this.products.values()) {
      const before = entry.product.category;
      const category = this.categoryOf(entry.categoryId);
      if (isDeepStrictEqual(before, category)) continue;
      entry.product = { ...entry.product, category };
      const { _id, slug } = entry.product;
      // A category's name is found by search: the products of one renamed or gone are indexed anew.
      const renamed = category?.name !== before?.name;
      if (renamed) this.words.put(entry.product, entry);
      this.changed([shown.product(_id), shown.slug(slug), ...(renamed ? [shown.matches] : [])]);
    }
    this.revision = nextRevision();
  }

  /** The category a product response shows, or null when it no longer exists. */
  categoryOf(categoryId: string): Category | null {
    return this.categoriesById.get(categoryId) ?? null;
  }

  upsert(entry: CatalogueEntry) {
    const previous = this.products.get(entry.product._id);
    // Reloaded as it was (its write still under way, or reloaded again after it): the answers
    // built from this store stay right, so its revision stays too.
    if (
      previous?.categoryId === entry.categoryId &&
      previous.reviewsVersion === entry.reviewsVersion &&
      isDeepStrictEqual(previous.product, entry.product)
    ) {
      return;
    }
    this.changed(changedByProduct(previous, entry));
    if (previous) {
      const reword = wordsChange(previous, entry);
      this.unindex(previous);
      if (!moves(previous, entry)) {
        // The ordered indexes, and the word index, hold this very object, so they stay right
        // without a rebuild; its words are indexed anew only when they changed (a price or
        // stock change, as an import of prices makes by the thousand, leaves them).
        Object.assign(previous, entry);
        this.index(previous, { words: reword });
        this.revision = nextRevision();
        return;
      }
    }
    this.products.set(entry.product._id, entry);
    this.index(entry);
    this.orderChanged();
  }

  remove(productId: string) {
    const previous = this.products.get(productId);
    if (!previous) return;
    this.changed(changedByProduct(previous));
    this.products.delete(productId);
    this.unindex(previous);
    this.words.remove(productId);
    this.orderChanged();
  }

  private index(entry: CatalogueEntry, { words = true }: { words?: boolean } = {}) {
    this.bySlug.set(entry.product.slug, entry);
    for (const sku of entry.skus) this.bySku.set(sku, entry);
    for (const variant of entry.product.variants) {
      this.variantsById.set(variant._id, variant);
      this.productsByVariant.set(variant._id, entry);
    }
    const number = words
      ? this.words.put(entry.product, entry)
      : (this.words.numberOf(entry.product._id) as number);
    // A price, stock or rating moves these though the words stay.
    this.facetTable.set(number, entry);
    this.sortColumns.set(number, entry.product);
  }

  private unindex(entry: CatalogueEntry) {
    this.bySlug.delete(entry.product.slug);
    // Only its own: another product may have taken a SKU it gave up (the other's write came first).
    for (const sku of entry.skus) {
      if (this.bySku.get(sku) === entry) this.bySku.delete(sku);
    }
    for (const variant of entry.product.variants) {
      this.variantsById.delete(variant._id);
      this.productsByVariant.delete(variant._id);
    }
  }

  private orderChanged() {
    this.newest = null;
    this.byCategory = null;
    this.revision = nextRevision();
  }

  get productCount() {
    return this.products.size;
  }

  allCategories(): readonly Category[] {
    return this.categories;
  }

  categoryBySlug(slug: string): Category | undefined {
    return this.categoriesBySlug.get(slug);
  }

  productBySlug(slug: string): CatalogueEntry | undefined {
    return this.bySlug.get(slug);
  }

  /** The product with a variant of this SKU, in any case. */
  productBySku(sku: string): CatalogueEntry | undefined {
    return this.bySku.get(skuKey(sku));
  }

  /** A variant of any product, by its id. */
  variantById(variantId: string): ProductVariant | undefined {
    return this.variantsById.get(variantId);
  }

  /** The product a variant of this id belongs to. */
  productOfVariant(variantId: string): CatalogueEntry | undefined {
    return this.productsByVariant.get(variantId);
  }

  productById(productId: string): CatalogueEntry | undefined {
    return this.products.get(productId);
  }

  /**
   * The products every word of the query matches (any order, the last word as a prefix, typos by
   * the words' lengths), by number (see entryAt); compareRelevance orders them until the next
   * query: see search-index.ts.
   */
  matching(query: string): Uint32Array {
    // The index breaks ties by the newest-first order, put in it when that order is made.
    this.newestFirst();
    return this.words.match(query);
  }

  /** Puts two products of the last query's matches, by number, most relevant first, then newest. */
  compareRelevance(a: number, b: number): number {
    return this.words.compareRelevance(a, b);
  }

  /**
   * The first `count` products the query's words match, most relevant first, then newest (see
   * search-index.ts): the search box's suggestions.
   */
  bestMatching(query: string, count: number): CatalogueEntry[] {
    this.newestFirst();
    return this.words.best(query, count);
  }

  /** Puts two products, by number, newest first (the order of newestNumbers). */
  newestOrder(): (a: number, b: number) => number {
    this.newestFirst();
    return (a, b) => this.words.compareOrder(a, b);
  }

  /** The product of this number (see matching, newestNumbers and facetTable). */
  entryAt(number: number): CatalogueEntry {
    return this.words.itemAt(number);
  }

  /** The number of this product, if the catalogue holds it. */
  numberOf(entry: CatalogueEntry): number | undefined {
    return this.words.numberOf(entry.product._id);
  }

  /** Every product, newest first. */
  newestFirst(): readonly CatalogueEntry[] {
    return this.ordered().entries;
  }

  /** Every product's number, newest first. */
  newestNumbers(): Uint32Array {
    return this.ordered().numbers;
  }

  private ordered() {
    if (!this.newest) {
      const entries = [...this.products.values()].sort(compareNewest);
      const numbers = this.words.order(entries.map((entry) => entry.product._id));
      this.newest = { entries, numbers };
    }
    return this.newest;
  }

  /** The products of one category, newest first. */
  inCategory(categoryId: string): readonly CatalogueEntry[] {
    if (!this.byCategory) {
      const byCategory = new Map<string, CatalogueEntry[]>();
      for (const entry of this.newestFirst()) {
        const list = byCategory.get(entry.categoryId);
        if (list) list.push(entry);
        else byCategory.set(entry.categoryId, [entry]);
      }
      this.byCategory = byCategory;
    }
    return this.byCategory.get(categoryId) ?? [];
  }
}
