import type { Product } from '@shop/contracts';
import { type Dispatch, type ReactNode, type SetStateAction, useMemo, useState } from 'react';
import { appState, useAppState } from './app-state';

/** The app-wide search state of spec §3: what is typed, and what came back for what was asked. */
export interface SearchState {
  keyword: string;
  results: Product[];
  /** The keyword `results` answer, how many match it in all, and the pages loaded so far. */
  asked: string;
  total: number;
  page: number;
}

export const NO_SEARCH: SearchState = { keyword: '', results: [], asked: '', total: 0, page: 1 };

type SearchContextValue = readonly [SearchState, Dispatch<SetStateAction<SearchState>>];
const SearchContext = appState<SearchContextValue>();

export function SearchProvider({ children }: { children: ReactNode }) {
  const [search, setSearch] = useState<SearchState>(NO_SEARCH);
  const value = useMemo(() => [search, setSearch] as const, [search]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

/** The search and its setter: `[search, setSearch]`. */
export const useSearch = () => useAppState(SearchContext, 'Search');
