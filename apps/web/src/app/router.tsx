import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router-dom';
import { LazyScreen, lazyPage } from '../lib/lazy';
import { AnnounceHydrated } from '../lib/server-rendered';
import { PageSkeleton } from './PageSkeleton';
import { RootError } from './RootError';
import type { RouteReads } from './route-reads';

/** A route's module: its screen, and the reads it declares (route-reads.ts). */
interface RouteModule {
  default: ComponentType;
  reads?: RouteReads;
}
type Load = () => Promise<RouteModule>;
const modules = new WeakMap<RouteObject, () => Promise<RouteModule>>();

/**
 * A lazily loaded element with its loading fallback, and what loads its chunk ahead. A route's
 * screen (`announce`) says when the server's render of it has hydrated.
 */
function lazyScreen(load: Load, announce = false) {
  const page = lazyPage(load);
  const element = (
    <Suspense fallback={<PageSkeleton />}>
      <LazyScreen page={page} />
      {announce && <AnnounceHydrated />}
    </Suspense>
  );
  return { element, load: page.preload };
}

export const lazyElement = (load: Load) => lazyScreen(load).element;

const routeError = lazyElement(() => import('./RouteError'));

/** One screen: its own chunk, its loading fallback and its error boundary. */
function page(path: string | undefined, load: Load, children?: RouteObject[]): RouteObject {
  const screen = lazyScreen(load, true);
  const shared = { element: screen.element, errorElement: routeError };
  const route: RouteObject =
    path === undefined ? { ...shared, index: true } : { ...shared, path, children };
  modules.set(route, screen.load);
  return route;
}

const appRoot = lazyScreen(() => import('./AppRoot'));
const root: RouteObject = {
  element: appRoot.element,
  errorElement: <RootError />,
  children: [
    page('/', () => import('./routes/Home')),
    page('/search', () => import('./routes/Search')),
    page('/product/:slug', () => import('./routes/ProductDetails')),
    page('/categories', () => import('./routes/Categories')),
    page('/category/:slug', () => import('./routes/CategoryProducts')),
    page('/cart', () => import('./routes/Cart')),
    page('/discount/:code', () => import('./routes/DiscountLink')),
    page('/about', () => import('./routes/About')),
    page('/contact', () => import('./routes/Contact')),
    page('/policy', () => import('./routes/Policy')),
    page('/register', () => import('./routes/Register')),
    page('/login', () => import('./routes/Login')),
    page('/orders/find', () => import('./routes/FindOrder')),
    page('/orders/:number', () => import('./routes/OrderByLink')),
    page('/verify-email', () => import('./routes/VerifyEmail')),
    page('/take-over', () => import('./routes/TakeOver')),
    page('/staff-invite', () => import('./routes/StaffInvite')),
    page('/dashboard/user', () => import('../components/guards/UserGuard'), [
      page(undefined, () => import('./routes/user/UserDashboard')),
      page('orders', () => import('./routes/user/Orders')),
      page('orders/:number', () => import('./routes/user/OrderPage')),
      page('profile', () => import('./routes/user/Profile')),
      page('two-factor', () => import('./routes/user/TwoFactor')),
    ]),
    page('/dashboard/admin', () => import('../components/guards/AdminGuard'), [
      page(undefined, () => import('./routes/admin/AdminDashboard')),
      page('create-category', () => import('./routes/admin/CreateCategory')),
      page('create-product', () => import('./routes/admin/CreateProduct')),
      page('product/:slug', () => import('./routes/admin/UpdateProduct')),
      page('products', () => import('./routes/admin/Products')),
      page('import', () => import('./routes/admin/CatalogueImport')),
      page('users', () => import('./routes/admin/Users')),
      page('shipping', () => import('./routes/admin/Shipping')),
      page('taxes', () => import('./routes/admin/Taxes')),
      page('store', () => import('./routes/admin/Store')),
      page('discounts', () => import('./routes/admin/Discounts')),
      page('reviews', () => import('./routes/admin/Reviews')),
      page('returns', () => import('./routes/admin/Returns')),
      page('staff', () => import('./routes/admin/Staff')),
      page('orders', () => import('./routes/admin/AdminOrders')),
      page('orders/:number', () => import('./routes/admin/AdminOrderPage')),
    ]),
    page('*', () => import('./routes/NotFound')),
  ],
};
modules.set(root, appRoot.load);

export const routes: RouteObject[] = [root];

/**
 * Starts loading every chunk the first screen needs at once (root, guard, page), instead of
 * one after the other as each lazy component renders. Settles when all have arrived or failed
 * (the lazy component reports a failure when it renders).
 */
export function preloadRoutesFor(pathname: string): Promise<unknown> {
  const chunks = (matchRoutes(routes, pathname) ?? []).map((match) => modules.get(match.route)?.());
  return Promise.allSettled(chunks);
}

/**
 * Makes into `queryClient` the reads the screen at `url` declares: each of its routes' (the
 * root's, whose header shows the categories, and its page's), once that route's chunk is in.
 * Settles when every read has; a failed one stays failed in the client, as the screen shows it.
 */
export async function readScreen(queryClient: QueryClient, url: URL): Promise<void> {
  const matched = matchRoutes(routes, url.pathname) ?? [];
  await Promise.allSettled(
    matched.map(async ({ route, params }) => {
      const module = await modules.get(route)?.();
      await module?.reads?.({ queryClient, params, search: url.searchParams });
    }),
  );
}

export const createAppRouter = () => createBrowserRouter(routes);
