import { Outlet, ScrollRestoration } from 'react-router-dom';
import { categoryQueries } from '../features/categories';
import { storeQuery } from '../lib/store-settings';
import { AppProviders } from './providers';

export { loadStoredState } from './providers';

import type { RouteReads } from './route-reads';

/**
 * Every screen's header lists the categories (its menu), and every price on any screen is in
 * the store currency.
 */
export const reads: RouteReads = ({ queryClient }) =>
  Promise.all([
    queryClient.ensureQueryData(categoryQueries.list()),
    queryClient.ensureQueryData(storeQuery()),
  ]);

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
