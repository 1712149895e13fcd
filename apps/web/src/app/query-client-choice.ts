import type { QueryClient } from '@tanstack/react-query';
import { createContext } from 'react';

/**
 * The QueryClient given to App (a server's, filled before rendering), read by the providers
 * of the root route; without one they use the browser's. A context of its own, so the entry
 * chunk holds no TanStack Query code.
 */
export const GivenQueryClient = createContext<QueryClient | undefined>(undefined);
