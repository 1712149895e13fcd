import { Outlet, ScrollRestoration } from 'react-router-dom';
import { categoryQueries } from '../features/categories';
import { AppProviders } from './providers';

export { loadStoredState } from './providers';

import type { RouteReads } from './route-reads';

/** Every screen's header lists the categories (its menu). */
export const reads: RouteReads = ({ queryClient }) =>
  queryClient.ensureQueryData(categoryQueries.list());

/**
 * The root route: the providers around every screen. It is a lazy chunk of its own so that
 * the entry holds only React and the router; the stores, the HTTP client and the schemas
 * arrive with the first screen.
 */
export default function AppRoot() {
  return (
    <AppProviders>
      <ScrollRestoration />
      <Outlet />
    </AppProviders>
  );
}
