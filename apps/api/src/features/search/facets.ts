import {
  isInPriceRange,
  PRICE_BANDS,
  type PriceRange,
  SEARCH_RATINGS,
  type SearchFacets,
} from '@shop/contracts';
import { type CatalogueEntry, type CatalogueStore, compareNames } from '../catalogue/index.js';

/** What a search is narrowed to: AND across filters, OR within one. Absent means any. */
export interface SearchFilters {
  categoryIds?: ReadonlySet<string>;
  priceRanges?: readonly PriceRange[];
  /** Values wanted, by option name. */
  options?: ReadonlyMap<string, readonly string[]>;
  /** At least this average rating. */
  rating?: number;
  /** Only products with units to sell (false: any). */
  inStock?: boolean;
}

/** One filter as the facets count it: its key, and whether a product passes it. */
interface Facet {
  key: string;
  passes: (entry: CatalogueEntry) => boolean;
}

const optionValues = (entry: CatalogueEntry, name: string) =>
  entry.product.options.find((option) => option.name === name)?.values ?? [];

/** A product is in a price range when one of its variants' prices is. */
const hasPriceIn = (entry: CatalogueEntry, range: PriceRange) =>
  entry.product.variants.some((variant) => isInPriceRange(variant.price, range));

/** The filters that are set, each one a facet the others' counts are taken under. */
function facetsOf(filters: SearchFilters): Facet[] {
  const facets: Facet[] = [];
  const { categoryIds, priceRanges, options, rating, inStock } = filters;
  if (categoryIds) facets.push({ key: 'category', passes: (e) => categoryIds.has(e.categoryId) });
  if (priceRanges) {
    facets.push({ key: 'price', passes: (e) => priceRanges.some((r) => hasPriceIn(e, r)) });
  }
  for (const [name, wanted] of options ?? []) {
    facets.push({
      key: `option.${name}`,
      passes: (e) => optionValues(e, name).some((value) => wanted.includes(value)),
    });
  }
  if (rating !== undefined) {
    facets.push({ key: 'rating', passes: (e) => e.product.rating.average >= rating });
  }
  if (inStock) facets.push({ key: 'inStock', passes: (e) => e.product.quantity > 0 });
  return facets;
}

/** Whether a product passes every filter (the home page's filters ask only this). */
export function passesFilters(filters: SearchFilters): (entry: CatalogueEntry) => boolean {
  const facets = facetsOf(filters);
  return (entry) => facets.every((facet) => facet.passes(entry));
}

/** Counts as they are made: each bucket by key. */
class FacetCounter {
  readonly categories = new Map<string, number>();
  readonly prices = new Map<number, number>();
  readonly options = new Map<string, Map<string, number>>();
  readonly ratings = new Map<number, number>();
  inStock = 0;

  /** Counts a product in the buckets of one facet (every facet: undefined). */
  count(entry: CatalogueEntry, only: string | undefined) {
    const counts = (key: string) => only === undefined || only === key;
    if (counts('category')) bump(this.categories, entry.categoryId);
    if (counts('price')) {
      for (const band of PRICE_BANDS)
        if (hasPriceIn(entry, band.array)) bump(this.prices, band._id);
    }
    for (const option of entry.product.options) {
      if (!counts(`option.${option.name}`)) continue;
      let values = this.options.get(option.name);
      if (!values) {
        values = new Map();
        this.options.set(option.name, values);
      }
      for (const value of new Set(option.values)) bump(values, value);
    }
    if (counts('rating')) {
      for (const stars of SEARCH_RATINGS) {
        if (entry.product.rating.average >= stars) bump(this.ratings, stars);
      }
    }
    if (counts('inStock') && entry.product.quantity > 0) this.inStock += 1;
  }
}

const bump = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * The products that pass every filter, and the facets counted over the products given: each
 * facet's buckets count the products that pass every OTHER filter, so a shopper sees what
 * checking one more value of a facet would add. One pass: a product failing no filter counts
 * everywhere, one failing exactly one counts only in that facet.
 */
export function narrow(
  catalogue: CatalogueStore,
  candidates: Iterable<CatalogueEntry>,
  filters: SearchFilters,
): { passing: CatalogueEntry[]; facets: SearchFacets } {
  const facets = facetsOf(filters);
  const counter = new FacetCounter();
  const passing: CatalogueEntry[] = [];
  for (const entry of candidates) {
    let failed: string | undefined;
    let failures = 0;
    for (const facet of facets) {
      if (facet.passes(entry)) continue;
      failures += 1;
      failed = facet.key;
      if (failures > 1) break;
    }
    if (failures === 0) {
      passing.push(entry);
      counter.count(entry, undefined);
    } else if (failures === 1) {
      counter.count(entry, failed);
    }
  }
  return { passing, facets: present(catalogue, counter, filters) };
}

/** The facets as the answer shows them: every band and rating; categories and values found or chosen. */
function present(
  catalogue: CatalogueStore,
  counter: FacetCounter,
  filters: SearchFilters,
): SearchFacets {
  const categories = catalogue
    .allCategories()
    .filter((c) => counter.categories.has(c._id) || filters.categoryIds?.has(c._id))
    .map(({ _id, name, slug }) => ({ _id, name, slug, count: counter.categories.get(_id) ?? 0 }));
  const optionNames = new Set([...counter.options.keys(), ...(filters.options?.keys() ?? [])]);
  const options = [...optionNames].sort(compareNames).map((name) => {
    const counts = counter.options.get(name) ?? new Map<string, number>();
    const values = new Set([...counts.keys(), ...(filters.options?.get(name) ?? [])]);
    return {
      name,
      values: [...values]
        .sort(compareNames)
        .map((value) => ({ value, count: counts.get(value) ?? 0 })),
    };
  });
  return {
    categories,
    prices: PRICE_BANDS.map(({ _id, name }) => ({
      _id,
      name,
      count: counter.prices.get(_id) ?? 0,
    })),
    options,
    ratings: SEARCH_RATINGS.map((atLeast) => ({
      atLeast,
      count: counter.ratings.get(atLeast) ?? 0,
    })),
    inStock: counter.inStock,
  };
}
