import { listingPageOf, searchFiltersOf } from '@shop/contracts/storefront';
import { searchKeywordOf } from '@shop/contracts/values';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SearchPageState } from '../api/queries';

/**
 * The state a search page's URL names (`?keyword=…`, its filters and sort, `page`), or a
 * category page's (`category`: its own, which its query cannot change; it has no words).
 */
export function searchPageOf(query: URLSearchParams, category?: string): SearchPageState {
  const filters = searchFiltersOf(query, category === undefined ? undefined : 'category');
  const page = listingPageOf(query);
  if (category !== undefined) return { keyword: '', category, filters, page };
  return { keyword: searchKeywordOf(query.get('keyword') ?? '') ?? '', filters, page };
}

/** The state of the page shown, from its URL (see searchPageOf). */
export function useSearchPage(category?: string): SearchPageState {
  const [query] = useSearchParams();
  return useMemo(() => searchPageOf(query, category), [query, category]);
}
