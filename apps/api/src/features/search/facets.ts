import {
  PRICE_BANDS,
  type PriceRange,
  priceRangeLimits,
  SEARCH_RATINGS,
  type SearchFacets,
} from '@shop/contracts';
import {
  type CatalogueEntry,
  type CatalogueStore,
  compareNames,
  optionValueCount,
  optionValueNumberOf,
  optionValueOf,
} from '../catalogue/index.js';

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

/**
 * A product has one of the values wanted of an option when one of its option values' numbers
 * is theirs (option names differ within a product): a value no product has had has no number,
 * and matches nothing.
 */
function hasOneOf(name: string, wanted: readonly string[]): (entry: CatalogueEntry) => boolean {
  const numbers = new Set<number>();
  for (const value of wanted) {
    const number = optionValueNumberOf(name, value);
    if (number !== undefined) numbers.add(number);
  }
  return (entry) => {
    for (const number of entry.optionValues) if (numbers.has(number)) return true;
    return false;
  };
}

const bandOf = ([low, high]: PriceRange) =>
  PRICE_BANDS.findIndex(({ array }) => array[0] === low && array[1] === high);

/**
 * A product is in one of the ranges when one of its variants' prices is: read from the bands
 * its entry keeps when every range is a band (as search's are), else worked out (the home page's
 * filters may ask any range).
 */
function pricedIn(ranges: readonly PriceRange[]): (entry: CatalogueEntry) => boolean {
  const bands = ranges.map(bandOf);
  if (!bands.includes(-1)) return (entry) => entry.priceBands.some((band) => bands.includes(band));
  const limits = ranges.map(priceRangeLimits);
  return (entry) =>
    entry.product.variants.some(({ price }) =>
      limits.some(({ min, below }) => price >= min && (below === undefined || price < below)),
    );
}

/** The filters that are set, each one a facet the others' counts are taken under. */
function facetsOf(filters: SearchFilters): Facet[] {
  const facets: Facet[] = [];
  const { categoryIds, priceRanges, options, rating, inStock } = filters;
  if (categoryIds) facets.push({ key: 'category', passes: (e) => categoryIds.has(e.categoryId) });
  if (priceRanges) facets.push({ key: 'price', passes: pricedIn(priceRanges) });
  for (const [name, wanted] of options ?? []) {
    facets.push({ key: `option.${name}`, passes: hasOneOf(name, wanted) });
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

/**
 * Counts as they are made: categories by id; bands, ratings and option values by their place
 * or number (CatalogueEntry's keys worked out once per product), so a product costs a few
 * array increments.
 */
class FacetCounter {
  readonly categories = new Map<string, number>();
  readonly prices = PRICE_BANDS.map(() => 0);
  readonly optionValues = new Uint32Array(optionValueCount());
  readonly ratings = SEARCH_RATINGS.map(() => 0);
  inStock = 0;

  /** Counts a product that passes every filter: in every bucket it is in. */
  countAll(entry: CatalogueEntry) {
    const { product } = entry;
    bump(this.categories, entry.categoryId);
    for (const band of entry.priceBands) this.prices[band] = (this.prices[band] ?? 0) + 1;
    for (const number of entry.optionValues) {
      this.optionValues[number] = (this.optionValues[number] ?? 0) + 1;
    }
    this.countRating(product.rating.average);
    if (product.quantity > 0) this.inStock += 1;
  }

  /** Counts a product that fails only the filter of `facet`: in that facet's buckets alone. */
  countIn(entry: CatalogueEntry, facet: string) {
    const { product } = entry;
    if (facet === 'category') bump(this.categories, entry.categoryId);
    else if (facet === 'price') {
      for (const band of entry.priceBands) this.prices[band] = (this.prices[band] ?? 0) + 1;
    } else if (facet === 'rating') this.countRating(product.rating.average);
    else if (facet === 'inStock') {
      if (product.quantity > 0) this.inStock += 1;
    } else {
      for (const number of entry.optionValues) {
        if (optionValueOf(number).facet === facet) {
          this.optionValues[number] = (this.optionValues[number] ?? 0) + 1;
        }
      }
    }
  }

  private countRating(average: number) {
    for (let i = 0; i < SEARCH_RATINGS.length; i += 1) {
      if (average >= (SEARCH_RATINGS[i] as number)) this.ratings[i] = (this.ratings[i] ?? 0) + 1;
    }
  }

  /** The option values counted, by option name. */
  options(): Map<string, Map<string, number>> {
    const options = new Map<string, Map<string, number>>();
    for (const [number, count] of this.optionValues.entries()) {
      if (count === 0) continue;
      const { name, value } = optionValueOf(number);
      const counts = options.get(name) ?? new Map<string, number>();
      options.set(name, counts.set(value, count));
    }
    return options;
  }
}

const bump = <K>(counts: Map<K, number>, key: K) => counts.set(key, (counts.get(key) ?? 0) + 1);

/**
 * The products that pass every filter (their positions among those given), and the facets
 * counted over the products given: each facet's buckets count the products that pass every
 * OTHER filter, so a shopper sees what checking one more value of a facet would add. One pass: a product failing no filter counts
 * everywhere, one failing exactly one counts only in that facet.
 */
export function narrow(
  catalogue: CatalogueStore,
  candidates: readonly CatalogueEntry[],
  filters: SearchFilters,
): { passing: number[]; facets: SearchFacets } {
  const facets = facetsOf(filters);
  const counter = new FacetCounter();
  const passing: number[] = [];
  // Indexed loops: this one runs over every product a query's words match.
  for (let position = 0; position < candidates.length; position += 1) {
    const entry = candidates[position] as CatalogueEntry;
    let failed: Facet | undefined;
    let failures = 0;
    for (let f = 0; f < facets.length && failures < 2; f += 1) {
      const facet = facets[f] as Facet;
      if (facet.passes(entry)) continue;
      failures += 1;
      failed = facet;
    }
    if (failures === 0) {
      passing.push(position);
      counter.countAll(entry);
    } else if (failures === 1) {
      counter.countIn(entry, (failed as Facet).key);
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
  const counted = counter.options();
  const optionNames = new Set([...counted.keys(), ...(filters.options?.keys() ?? [])]);
  const options = [...optionNames].sort(compareNames).map((name) => {
    const counts = counted.get(name) ?? new Map<string, number>();
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
    prices: PRICE_BANDS.map(({ _id, name }, band) => ({
      _id,
      name,
      count: counter.prices[band] ?? 0,
    })),
    options,
    ratings: SEARCH_RATINGS.map((atLeast, i) => ({ atLeast, count: counter.ratings[i] ?? 0 })),
    inStock: counter.inStock,
  };
}
