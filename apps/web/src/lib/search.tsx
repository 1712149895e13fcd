import { searchKeywordOf } from '@shop/contracts/values';
import { type Dispatch, type ReactNode, type SetStateAction, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { appState, useAppState } from './app-state';

/**
 * The app-wide search state of spec §3: what is typed in the header's search box. The results
 * are the search page's, read from its URL (`/search?keyword=…` and its filters).
 */
export interface SearchState {
  keyword: string;
}

const NO_SEARCH: SearchState = { keyword: '' };

/**
 * A page opened at `/search?keyword=…` (a shared link, or the search box of a page without
 * scripts) starts with those words in the box; any other starts with an empty box.
 */
export function searchOfUrl(pathname: string, query: URLSearchParams): SearchState {
  if (pathname !== '/search') return NO_SEARCH;
  return { keyword: searchKeywordOf(query.get('keyword') ?? '') ?? '' };
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
