import type { Product } from '@shop/contracts';
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

/** The app-wide search state of spec §3: what was asked and what came back. */
export interface SearchState {
  keyword: string;
  results: Product[];
}

type SearchContextValue = readonly [SearchState, (next: SearchState) => void];
const SearchContext = createContext<SearchContextValue | null>(null);

export function SearchProvider({ children }: { children: ReactNode }) {
  const [search, setSearch] = useState<SearchState>({ keyword: '', results: [] });
  const value = useMemo(() => [search, setSearch] as const, [search]);
  return <SearchContext.Provider value={value}>{children}</SearchContext.Provider>;
}

export function useSearch() {
  const context = useContext(SearchContext);
  if (!context) throw new Error('useSearch must be used inside <SearchProvider>');
  return context;
}
