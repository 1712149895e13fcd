import { listingPageOf } from '@shop/contracts/storefront';
import { searchKeywordOf } from '@shop/contracts/values';
import { type Dispatch, type ReactNode, type SetStateAction, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { appState, useAppState } from './app-state';

/**
 * The app-wide search state of spec §3: what is typed, and the words whose results /search
 * shows (their pages are the query `searchQuery(asked)` of features/products/api/queries.ts).
 */
export interface SearchState {
  keyword: string;
  asked: string;
  /** The page the results start at (a `/search?keyword=…&page=N` link; 1 for a search made here). */
  from: number;
}

export const NO_SEARCH: SearchState = { keyword: '', asked: '', from: 1 };

/**
 * A page opened at `/search?keyword=…` (a shared link, or the search box of a page without
 * scripts) shows those words' results; any other starts with no search.
 */
export function searchOfUrl(pathname: string, query: URLSearchParams): SearchState {
  if (pathname !== '/search') return NO_SEARCH;
  const keyword = searchKeywordOf(query.get('keyword') ?? '');
  if (!keyword) return NO_SEARCH;
  return { keyword, asked: keyword, from: listingPageOf(query) };
}

type SearchContextValue = readonly [SearchState, Dispatch<SetStateAction<SearchState>>];
const SearchContext = appState<SearchContextValue>();

export function SearchProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [query] = useSearchParams();
  const [search, setSearch] = useState<SearchState>(() => searchOfUrl(pathname, query));
  const value = useMemo(() => [search, setSearch] as const, [search]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

/** The search and its setter: `[search, setSearch]`. */
export const useSearch = () => useAppState(SearchContext, 'Search');
