/**
 * What the home page asks the API for first: its listing, its total and the categories (header
 * and filters). index.html preloads them (vite.config.ts) and the entry reads them into the
 * QueryClient with the same fetch (app/first-screen.ts), so that they travel together with the
 * scripts instead of after them. Free of imports: the Vite config reads it.
 */
export const HOME_REQUESTS = [
  '/api/v1/product/product-list/1',
  '/api/v1/product/product-count',
  '/api/v1/category/get-category',
] as const;
