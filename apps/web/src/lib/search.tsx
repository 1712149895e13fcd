import { type Dispatch, type ReactNode, type SetStateAction, useMemo, useState } from 'react';
import { appState, useAppState } from './app-state';

/**
 * The app-wide search state of spec §3: what is typed, and the words whose results /search
 * shows (their pages are the query `searchQuery(asked)` of storefront-queries.ts).
 */
export interface SearchState {
  keyword: string;
  asked: string;
}

export const NO_SEARCH: SearchState = { keyword: '', asked: '' };

type SearchContextValue = readonly [SearchState, Dispatch<SetStateAction<SearchState>>];
const SearchContext = appState<SearchContextValue>();

export function SearchProvider({ children }: { children: ReactNode }) {
  const [search, setSearch] = useState<SearchState>(NO_SEARCH);
  const value = useMemo(() => [search, setSearch] as const, [search]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

/** The search and its setter: `[search, setSearch]`. */
export const useSearch = () => useAppState(SearchContext, 'Search');
