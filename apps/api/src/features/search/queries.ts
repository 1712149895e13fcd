import {
  type ListQuery,
  optionFiltersOf,
  PRICE_BANDS,
  pageOffset,
  type SearchFacets,
  type SearchQuery,
  type SearchSort,
  SUGGESTIONS_MAX,
  type Suggestion,
} from '@shop/contracts';
import { firstInOrder } from '../../lib/first-in-order.js';
import { ascending, type CatalogueEntry, type CatalogueStore } from '../catalogue/index.js';
import { narrow, type SearchFilters } from './facets.js';

/** The products a search orders, by number (see CatalogueStore.entryAt). */
interface Found {
  numbers: ArrayLike<number>;
  /** Puts two of `numbers` in the order of relevance. */
  relevance: (a: number, b: number) => number;
}

/**
 * The products every word of the query matches, and their order by relevance: the product with
 * a variant of that SKU (the query whole, in any case) before all, then by relevance (see the
 * catalogue's search-index.ts), then newest first.
 */
function matchesOf(catalogue: CatalogueStore, query: string): Found {
  const matching = catalogue.matching(query);
  const bySku = catalogue.productBySku(query.trim());
  const sku = bySku && catalogue.numberOf(bySku);
  let numbers = matching;
  if (sku !== undefined && !matching.includes(sku)) {
    numbers = new Uint32Array(matching.length + 1);
    numbers.set(matching);
    numbers[matching.length] = sku;
  }
  return {
    numbers,
    relevance: (a, b) => (a === sku ? -1 : b === sku ? 1 : catalogue.compareRelevance(a, b)),
  };
}

/**
 * One page of the products the keyword's words match (the spec's `search/{keyword}`), in the
 * order of `GET /search`'s relevance, and how many match in all.
 */
export function rankedPage(catalogue: CatalogueStore, keyword: string, page: ListQuery) {
  const { numbers, relevance } = matchesOf(catalogue, keyword);
  return {
    entries: pageIn(numbers, relevance, page).map((n) => catalogue.entryAt(n)),
    total: numbers.length,
  };
}

/** One page of `numbers` in the order of `compare`: only the pages up to it are ordered. */
const pageIn = (
  numbers: ArrayLike<number>,
  compare: (a: number, b: number) => number,
  page: ListQuery,
) => firstInOrder(numbers, pageOffset(page) + page.perPage, compare).slice(pageOffset(page));

/**
 * Puts two products found, by number, in the order asked, reading the catalogue's sort columns;
 * equal ones newest first, whichever way the prices go.
 */
function orderOf(
  catalogue: CatalogueStore,
  { relevance }: Found,
  sort: SearchSort,
): (a: number, b: number) => number {
  const newest = catalogue.newestOrder();
  const { price, ratingAverage, ratingCount } = catalogue.sortColumns;
  const at = (column: Float64Array, number: number) => column[number] as number;
  switch (sort) {
    case 'relevance':
      return relevance;
    case 'newest':
      return newest;
    case 'price-asc':
      return (a, b) => ascending(at(price, a), at(price, b)) || newest(a, b);
    case 'price-desc':
      return (a, b) => ascending(at(price, b), at(price, a)) || newest(a, b);
    case 'rating':
      return (a, b) =>
        ascending(at(ratingAverage, b), at(ratingAverage, a)) ||
        ascending(at(ratingCount, b), at(ratingCount, a)) ||
        newest(a, b);
  }
}

/** The filters a parsed query asks for: category slugs to ids, band ids to their ranges. */
function filtersOf(catalogue: CatalogueStore, query: SearchQuery): SearchFilters {
  const options = optionFiltersOf(query);
  return {
    categoryIds: query.category
      ? new Set(
          // An unknown slug (a category deleted since the link was made) matches nothing.
          query.category.map((slug) => catalogue.categoryBySlug(slug)?._id ?? ''),
        )
      : undefined,
    priceRanges: query.price?.map(
      (id) => PRICE_BANDS.find((band) => band._id === id)?.array ?? [0, 0],
    ),
    options: options.size > 0 ? options : undefined,
    rating: query.rating,
    inStock: query.inStock,
  };
}

export interface SearchAnswer {
  products: CatalogueEntry['product'][];
  total: number;
  facets: SearchFacets;
}

/** `GET /search`: the query's products narrowed by the filters, ordered, one page, and the facets. */
export function searchCatalogue(catalogue: CatalogueStore, query: SearchQuery): SearchAnswer {
  const q = query.q ?? '';
  // Without words, every product, newest first: the order of relevance is the newest's.
  const found: Found = q
    ? matchesOf(catalogue, q)
    : { numbers: catalogue.newestNumbers(), relevance: catalogue.newestOrder() };
  const { passing, facets } = narrow(catalogue, found.numbers, filtersOf(catalogue, query));
  const order = orderOf(catalogue, found, query.sort ?? (q ? 'relevance' : 'newest'));
  const page: ListQuery = { page: query.page, perPage: query.perPage };
  return {
    products: pageIn(passing, order, page).map((number) => catalogue.entryAt(number).product),
    total: passing.length,
    facets,
  };
}

/**
 * What the search box suggests as the shopper types: the best few matches, small; the product
 * with a variant of that SKU first, as in a search.
 */
export function suggestProducts(catalogue: CatalogueStore, query: string): Suggestion[] {
  const bySku = catalogue.productBySku(query.trim());
  const best = catalogue.bestMatching(query, SUGGESTIONS_MAX);
  const entries = bySku
    ? [bySku, ...best.filter((entry) => entry !== bySku)].slice(0, SUGGESTIONS_MAX)
    : best;
  return entries.map(({ product: { _id, name, slug, price, photo } }) => ({
    _id,
    name,
    slug,
    price,
    ...(photo ? { photo } : {}),
  }));
}
