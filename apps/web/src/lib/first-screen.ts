/** The home page's first page of products: the entry also preloads the photos it names. */
export const HOME_LISTING = '/api/v1/product/product-list/1';

/**
 * What the home page asks the API for first: its listing, its total and the categories (header
 * and filters). index.html preloads them and the entry module hands them to the home page, so
 * that they travel together with the scripts instead of after them.
 */
export const HOME_REQUESTS = [
  HOME_LISTING,
  '/api/v1/product/product-count',
  '/api/v1/category/get-category',
] as const;
