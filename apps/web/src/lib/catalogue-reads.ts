import { pageOf } from './paging';

/**
 * How the browser reads the catalogue over HTTP: the URL of each storefront read, and the schema
 * each answer is parsed with (each feature's query options, in its api/queries.ts, are built on
 * them).
 */

type Schemas = typeof import('./catalogue-schemas');

/**
 * Each answer's schema: the storefront's reads parse what the API sends before keeping it, so
 * their data is the body as its contract reads it (zod's output, still plain JSON).
 */
export const PARSERS = {
  categories: (s: Schemas) => s.categoryListResponseSchema,
  productCount: (s: Schemas) => s.productCountResponseSchema,
  product: (s: Schemas) => s.productResponseSchema,
  productList: (s: Schemas) => s.productListResponseSchema,
  pagedProductList: (s: Schemas) => s.pagedProductListResponseSchema,
  categoryProducts: (s: Schemas) => s.productCategoryResponseSchema,
  search: (s: Schemas) => s.searchResponseSchema,
} as const;

/**
 * `body` (an answer on its way) parsed by the schema `parser` picks. The schemas are a chunk of
 * their own, loaded with the first read the browser makes itself: a page the server rendered
 * comes with its reads already parsed (its render made them through these same options), so
 * hydrating it evaluates neither zod nor a schema (about 50 ms of a phone's main thread).
 */
export async function parsed<T>(
  body: Promise<unknown>,
  parser: (schemas: Schemas) => { parse: (data: unknown) => T },
): Promise<T> {
  const [data, schemas] = await Promise.all([body, import('./catalogue-schemas')]);
  return parser(schemas).parse(data);
}

/** The URL each storefront read GETs; see query.ts for how the query keys are made of them. */
export const STOREFRONT_URLS = {
  categories: '/api/v1/category/get-category',
  productCount: '/api/v1/product/product-count',
  productList: (page: number) => `/api/v1/product/product-list/${page}`,
  product: (slug: string) => `/api/v1/product/get-product/${encodeURIComponent(slug)}`,
  related: (productId: string, categoryId: string) =>
    `/api/v1/product/related-product/${productId}/${categoryId}`,
  categoryProducts: (slug: string, page: number) =>
    pageOf(`/api/v1/product/product-category/${encodeURIComponent(slug)}`, page),
  search: (keyword: string, page: number) =>
    pageOf(`/api/v1/product/search/${encodeURIComponent(keyword)}`, page),
} as const;
