import {
  PRICE_BANDS,
  type PriceRange,
  priceRangeLimits,
  SEARCH_RATINGS,
  type SearchFacets,
} from '@shop/contracts';
import {
  bandBitsOf,
  type CatalogueStore,
  categoryCount,
  categoryNumberOf,
  compareNames,
  isInStock,
  optionNumberOf,
  optionValueCount,
  optionValueNumberOf,
  ROW,
  ratingBitsOf,
} from '../catalogue/index.js';
import {
  CATEGORY,
  FacetCounter,
  IN_STOCK,
  type OptionFilter,
  optionBit,
  PRICE,
  RATING,
} from './facet-counter.js';

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

/**
 * Marks `numbers` (those defined) in an array of `size`, one byte a number, so a product is
 * looked up by its number with no hashing: a name or value no product has had has no number.
 */
function marked(numbers: readonly (number | undefined)[], size: number): Uint8Array {
  const marks = new Uint8Array(size);
  for (const number of numbers) if (number !== undefined) marks[number] = 1;
  return marks;
}

const bandOf = ([low, high]: PriceRange) =>
  PRICE_BANDS.findIndex(({ array }) => array[0] === low && array[1] === high);

/** What a filter reads of a product: its number (see CatalogueStore.entryAt) and its row's flags. */
type Test = (number: number, flags: number) => boolean;

/**
 * A product is in one of the ranges when one of its variants' prices is: read from the bands
 * its row keeps when every range is a band (as search's are), else worked out (the home page's
 * filters may ask any range).
 */
function pricedIn(catalogue: CatalogueStore, ranges: readonly PriceRange[]): Test {
  const bands = ranges.map(bandOf);
  if (!bands.includes(-1)) {
    const bits = bands.reduce((all, band) => all | (1 << band), 0);
    return (_, flags) => (bandBitsOf(flags) & bits) !== 0;
  }
  const limits = ranges.map(priceRangeLimits);
  return (number) =>
    catalogue
      .entryAt(number)
      .product.variants.some(({ price }) =>
        limits.some(({ min, below }) => price >= min && (below === undefined || price < below)),
      );
}

/** Rated at least `rating` on average: read from the ratings its row keeps when it is one of them. */
function ratedAtLeast(catalogue: CatalogueStore, rating: number): Test {
  const i = (SEARCH_RATINGS as readonly number[]).indexOf(rating);
  if (i === -1) return (number) => catalogue.entryAt(number).product.rating.average >= rating;
  return (_, flags) => (ratingBitsOf(flags) & (1 << i)) !== 0;
}

/** The filters compiled to numbers: which of them a product fails, as bits (see CATEGORY). */
export interface Narrowing {
  /** Which filters the product of this number fails. */
  failures: (number: number) => number;
  /** The option filters, the `i`th at optionBit(i). */
  options: readonly OptionFilter[];
}

export function narrowingOf(catalogue: CatalogueStore, filters: SearchFilters): Narrowing {
  const { categoryIds, priceRanges, rating, inStock } = filters;
  const categories = categoryIds && marked([...categoryIds].map(categoryNumberOf), categoryCount());
  const priced = priceRanges && pricedIn(catalogue, priceRanges);
  const rated = rating === undefined ? undefined : ratedAtLeast(catalogue, rating);
  const options = [...(filters.options ?? [])].map(([name, values]) => ({
    // An option no product has had: its filter matches nothing.
    option: optionNumberOf(name) ?? -1,
    wanted: marked(
      values.map((value) => optionValueNumberOf(name, value)),
      optionValueCount(),
    ),
  }));
  const { rows, stride } = catalogue.facetTable;
  return {
    options,
    failures: (number) => {
      const at = number * stride;
      const flags = rows[at + ROW.FLAGS_AT] as number;
      let failed = 0;
      if (categories && categories[rows[at + ROW.CATEGORY_AT] as number] !== 1) failed |= CATEGORY;
      if (priced && !priced(number, flags)) failed |= PRICE;
      if (rated && !rated(number, flags)) failed |= RATING;
      if (inStock && !isInStock(flags)) failed |= IN_STOCK;
      if (options.length > 0) {
        const first = at + ROW.HEADER;
        const end = first + (rows[at + ROW.VALUES_COUNT_AT] as number);
        for (let i = 0; i < options.length; i += 1) {
          const { wanted } = options[i] as OptionFilter;
          let has = false;
          for (let v = first; v < end && !has; v += 1) has = wanted[rows[v] as number] === 1;
          if (!has) failed |= optionBit(i);
        }
      }
      return failed;
    },
  };
}

/**
 * Whether the product of this number passes every filter (the home page's filters ask only
 * this).
 */
export function passesFilters(
  catalogue: CatalogueStore,
  filters: SearchFilters,
): (number: number) => boolean {
  const { failures } = narrowingOf(catalogue, filters);
  return (number) => failures(number) === 0;
}

/**
 * The products that pass every filter (their numbers, in the order given), and the facets
 * counted over the products given: each facet's buckets count the products that pass every
 * OTHER filter, so a shopper sees what checking one more value of a facet would add. One pass:
 * a product failing no filter counts everywhere, one failing exactly one counts only in that
 * facet.
 */
export function narrow(
  catalogue: CatalogueStore,
  candidates: ArrayLike<number>,
  filters: SearchFilters,
): { passing: Uint32Array; facets: SearchFacets } {
  const narrowing = narrowingOf(catalogue, filters);
  const counter = new FacetCounter(catalogue.facetTable, narrowing.options);
  // As many as the candidates at most: one allocation, not an array grown by push.
  const passing = new Uint32Array(candidates.length);
  let passed = 0;
  // Indexed loops: this one runs over every product a query's words match.
  for (let i = 0; i < candidates.length; i += 1) {
    const number = candidates[i] as number;
    const failed = narrowing.failures(number);
    if (failed === 0) {
      passing[passed] = number;
      passed += 1;
      counter.countAll(number);
    } else if ((failed & (failed - 1)) === 0) {
      counter.countIn(number, failed);
    }
  }
  return { passing: passing.subarray(0, passed), facets: present(catalogue, counter, filters) };
}

/** The facets as the answer shows them: every band and rating; categories and values found or chosen. */
function present(
  catalogue: CatalogueStore,
  counter: FacetCounter,
  filters: SearchFilters,
): SearchFacets {
  const categories = catalogue
    .allCategories()
    .map(({ _id, name, slug }) => ({ _id, name, slug, count: counter.categoryCount(_id) }))
    .filter(({ _id, count }) => count > 0 || filters.categoryIds?.has(_id));
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
    prices: PRICE_BANDS.map(({ _id, name }, band) => ({ _id, name, count: counter.price(band) })),
    options,
    ratings: SEARCH_RATINGS.map((atLeast, i) => ({ atLeast, count: counter.rating(i) })),
    inStock: counter.inStock,
  };
}
