import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { GivenQueryClient } from './query-client-choice';
import { createAppRouter } from './router';

const router = createAppRouter();

/**
 * Providers live in the root route (see AppRoot), so the entry stays React plus the router.
 * `queryClient`: the server-state cache to start from (filled by a server); the browser's own
 * (lib/query.ts) without it.
 */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <GivenQueryClient.Provider value={queryClient}>
      <RouterProvider router={router} />
    </GivenQueryClient.Provider>
  );
}
