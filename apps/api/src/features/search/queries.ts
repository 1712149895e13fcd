import {
  type ListQuery,
  optionFiltersOf,
  PRICE_BANDS,
  type SearchFacets,
  type SearchQuery,
  type SearchSort,
  SUGGESTIONS_MAX,
  type Suggestion,
} from '@shop/contracts';
import { pageOf } from '../../lib/paging.js';
import {
  ascending,
  type CatalogueEntry,
  type CatalogueStore,
  compareNewest,
} from '../catalogue/index.js';
import { narrow, type SearchFilters } from './facets.js';

/**
 * The products every word of the query matches, best first: the product with a variant of that
 * SKU (the query whole, in any case) before all, then by relevance (see the catalogue's
 * search-index.ts), then newest first.
 */
export function rankedMatches(catalogue: CatalogueStore, query: string): CatalogueEntry[] {
  const bySku = catalogue.productBySku(query.trim());
  const ranked = catalogue
    .matching(query)
    .filter(({ entry }) => entry !== bySku)
    .sort((a, b) => b.relevance - a.relevance || compareNewest(a.entry, b.entry))
    .map(({ entry }) => entry);
  return bySku ? [bySku, ...ranked] : ranked;
}

const byPrice = (a: CatalogueEntry, b: CatalogueEntry) =>
  ascending(a.product.price, b.product.price) || compareNewest(a, b);
const byRating = (a: CatalogueEntry, b: CatalogueEntry) =>
  ascending(b.product.rating.average, a.product.rating.average) ||
  ascending(b.product.rating.count, a.product.rating.count) ||
  compareNewest(a, b);

/** Puts products found in the order asked; relevance (or newest without a query) is their order already. */
function ordered(found: CatalogueEntry[], sort: SearchSort): CatalogueEntry[] {
  switch (sort) {
    case 'relevance':
      return found;
    case 'newest':
      return found.sort(compareNewest);
    case 'price-asc':
      return found.sort(byPrice);
    case 'price-desc':
      return found.sort((a, b) => byPrice(b, a) || compareNewest(a, b));
    case 'rating':
      return found.sort(byRating);
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
  const candidates = q ? rankedMatches(catalogue, q) : catalogue.newestFirst();
  const { passing, facets } = narrow(catalogue, candidates, filtersOf(catalogue, query));
  const sort = query.sort ?? (q ? 'relevance' : 'newest');
  const page: ListQuery = { page: query.page, perPage: query.perPage };
  return {
    products: pageOf(ordered(passing, sort), page).map((entry) => entry.product),
    total: passing.length,
    facets,
  };
}

/** What the search box suggests as the shopper types: the best few matches, small. */
export function suggestProducts(catalogue: CatalogueStore, query: string): Suggestion[] {
  return rankedMatches(catalogue, query)
    .slice(0, SUGGESTIONS_MAX)
    .map(({ product: { _id, name, slug, price, photo } }) => ({
      _id,
      name,
      slug,
      price,
      ...(photo ? { photo } : {}),
    }));
}
