import { Outlet, ScrollRestoration } from 'react-router-dom';
import { AppProviders } from './providers';

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
