import { type ComponentType, Suspense } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import { AdminGuard } from '../components/guards/AdminGuard';
import { UserGuard } from '../components/guards/UserGuard';
import { Layout } from '../components/layout/Layout';
import { Spinner } from '../components/Spinner';
import { lazyPage } from '../lib/lazy';
import { RootError, RouteError } from './RouteError';

/** One lazily loaded chunk per screen, each with its loading fallback and error boundary. */
function page(
  path: string | undefined,
  load: () => Promise<{ default: ComponentType }>,
): RouteObject {
  const Page = lazyPage(load);
  const route = {
    element: (
      <Suspense
        fallback={
          <Layout>
            <Spinner label="Loading page..." />
          </Layout>
        }
      >
        <Page />
      </Suspense>
    ),
    errorElement: <RouteError />,
  };
  return path === undefined ? { ...route, index: true } : { ...route, path };
}

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RootError />,
    children: [
      page('/', () => import('./routes/Home')),
      page('/search', () => import('./routes/Search')),
      page('/product/:slug', () => import('./routes/ProductDetails')),
      page('/categories', () => import('./routes/Categories')),
      page('/category/:slug', () => import('./routes/CategoryProducts')),
      page('/cart', () => import('./routes/Cart')),
      page('/about', () => import('./routes/About')),
      page('/contact', () => import('./routes/Contact')),
      page('/policy', () => import('./routes/Policy')),
      page('/register', () => import('./routes/Register')),
      page('/login', () => import('./routes/Login')),
      {
        path: '/dashboard/user',
        element: <UserGuard />,
        errorElement: <RouteError />,
        children: [
          page(undefined, () => import('./routes/user/UserDashboard')),
          page('orders', () => import('./routes/user/Orders')),
          page('profile', () => import('./routes/user/Profile')),
        ],
      },
      {
        path: '/dashboard/admin',
        element: <AdminGuard />,
        errorElement: <RouteError />,
        children: [
          page(undefined, () => import('./routes/admin/AdminDashboard')),
          page('create-category', () => import('./routes/admin/CreateCategory')),
          page('create-product', () => import('./routes/admin/CreateProduct')),
          page('product/:slug', () => import('./routes/admin/UpdateProduct')),
          page('products', () => import('./routes/admin/Products')),
          page('users', () => import('./routes/admin/Users')),
          page('orders', () => import('./routes/admin/AdminOrders')),
        ],
      },
      page('*', () => import('./routes/NotFound')),
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
