import { createContext, type ReactNode, useContext } from 'react';

/**
 * What the header shows that belongs to features (the search form, the categories menu). The
 * app provides them (`app/providers.tsx`), so the shared layout depends on no feature.
 */
export interface HeaderParts {
  search: ReactNode;
  categoryMenu: ReactNode;
}

const HeaderPartsContext = createContext<HeaderParts>({ search: null, categoryMenu: null });

export function HeaderPartsProvider({ children, ...parts }: HeaderParts & { children: ReactNode }) {
  return <HeaderPartsContext.Provider value={parts}>{children}</HeaderPartsContext.Provider>;
}

export const useHeaderParts = () => useContext(HeaderPartsContext);
