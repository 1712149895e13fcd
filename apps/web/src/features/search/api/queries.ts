import type { FacetedSearchResponse, Product, SearchFacets } from '@shop/contracts';
import { facetedSearchQuery, type SearchFilter } from '@shop/contracts/storefront';
import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts/values';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { Page } from '../../../lib/paging';
import { storefrontReadsOf } from '../../../lib/query';
import { PARSERS, parsed } from '../../../lib/storefront-reads';

/**
 * What a search or category page shows, as its URL says it (hooks/use-search-page.ts): the
 * words, a category page's category, the filters and sort, and the page its list starts at.
 */
export interface SearchPageState {
  keyword: string;
  category?: string;
  filters: SearchFilter[];
  page: number;
}

/** How long after the last key the search box asks for suggestions. */
export const SUGGEST_DELAY_MS = 150;

/** The search's reads, under `['products', …]`: any write to a product changes them. */
export const searchQueries = {
  /**
   * `['products', 'search', { keyword, category, filters, page }]`: `GET /api/v1/search`'s
   * pages (20 products each, from page `page`) for the page's state, each with the total and
   * the facets.
   */
  results: ({ keyword, category, filters, page }: SearchPageState) =>
    infiniteQueryOptions({
      queryKey: ['products', 'search', { keyword, category, filters, page }] as const,
      queryFn: (context) => {
        const perPage = LIST_DEFAULT_PER_PAGE;
        const query = facetedSearchQuery({
          keyword,
          category,
          filters,
          perPage,
          page: context.pageParam,
        });
        return storefrontReadsOf(context).facetedSearch(query);
      },
      initialPageParam: page,
      getNextPageParam: (_last: unknown, _all: unknown, lastPage: number) => lastPage + 1,
    }),

  /** `['products', 'suggestions', { q }]`: the few products the search box offers for `q`. */
  suggestions: (q: string) =>
    queryOptions({
      queryKey: ['products', 'suggestions', { q }] as const,
      queryFn: ({ signal }) => {
        const answer = request(`/api/v1/search/suggest?${new URLSearchParams({ q })}`, { signal });
        return parsed(
          answer.then(({ data }) => data),
          PARSERS.suggestions,
        );
      },
      select: (answer) => answer.products,
    }),
};

/** A page of results as a listing shows it (lib/use-load-more.ts), with the facets. */
export const resultsPage = ({
  products,
  total,
  facets,
}: FacetedSearchResponse): Page<Product> & { facets: SearchFacets } => ({
  items: products,
  total,
  facets,
});
