import type { ListQuery } from '@shop/contracts';
import type { StorefrontReads } from '@shop/contracts/storefront';
import { request } from './api-client';
import { pageOf } from './paging';

/**
 * The storefront's reads in the browser: each GETs its route through the api client and parses
 * the answer with its contract's schema, so its data is what the server's in-process read
 * answers (the contract, @shop/contracts/storefront, declares both).
 */

type Schemas = typeof import('./catalogue-schemas');

/**
 * `body` (an answer on its way) parsed by the schema `parser` picks. The schemas are a chunk of
 * their own, loaded with the first read the browser makes itself: a page the server rendered
 * comes with its reads already made, so hydrating it evaluates neither zod nor a schema (about
 * 50 ms of a phone's main thread).
 */
export async function parsed<T>(
  body: Promise<unknown>,
  parser: (schemas: Schemas) => { parse: (data: unknown) => T },
): Promise<T> {
  const [data, schemas] = await Promise.all([body, import('./catalogue-schemas')]);
  return parser(schemas).parse(data);
}

/** Each read's schema. */
export const PARSERS = {
  categories: (s: Schemas) => s.categoryListResponseSchema,
  productCount: (s: Schemas) => s.productCountResponseSchema,
  product: (s: Schemas) => s.productResponseSchema,
  productList: (s: Schemas) => s.productListResponseSchema,
  pagedProductList: (s: Schemas) => s.pagedProductListResponseSchema,
  facetedSearch: (s: Schemas) => s.facetedSearchResponseSchema,
  suggestions: (s: Schemas) => s.suggestResponseSchema,
  reviews: (s: Schemas) => s.reviewListResponseSchema,
  store: (s: Schemas) => s.storeSchema,
} as const;

const listed = (url: string, { page, perPage }: ListQuery) => pageOf(url, page, perPage);

/** The URL each storefront read GETs. */
export const STOREFRONT_URLS = {
  categories: '/api/v1/category/get-category',
  productCount: '/api/v1/product/product-count',
  productPage: (page: number) => `/api/v1/product/product-list/${page}`,
  product: (slug: string) => `/api/v1/product/get-product/${encodeURIComponent(slug)}`,
  relatedProducts: (productId: string, categoryId: string) =>
    `/api/v1/product/related-product/${encodeURIComponent(productId)}/${encodeURIComponent(categoryId)}`,
  facetedSearch: (query: string) => `/api/v1/search?${query}`,
  productReviews: (productId: string, list: ListQuery) =>
    listed(`/api/v1/product/${encodeURIComponent(productId)}/reviews`, list),
  store: '/api/v1/store',
} as const;

/** The browser's storefront reads; `signal` cancels them (their screen went away). */
export function httpStorefrontReads(signal?: AbortSignal): StorefrontReads {
  const body = async (url: string) => (await request(url, { signal })).data;
  return {
    categories: () => parsed(body(STOREFRONT_URLS.categories), PARSERS.categories),
    productCount: () => parsed(body(STOREFRONT_URLS.productCount), PARSERS.productCount),
    productPage: (page) => parsed(body(STOREFRONT_URLS.productPage(page)), PARSERS.productList),
    product: (slug) => parsed(body(STOREFRONT_URLS.product(slug)), PARSERS.product),
    relatedProducts: (productId, categoryId) =>
      parsed(
        body(STOREFRONT_URLS.relatedProducts(productId, categoryId)),
        PARSERS.pagedProductList,
      ),
    facetedSearch: (query) =>
      parsed(body(STOREFRONT_URLS.facetedSearch(query)), PARSERS.facetedSearch),
    productReviews: (productId, list) =>
      parsed(body(STOREFRONT_URLS.productReviews(productId, list)), PARSERS.reviews),
    store: () => parsed(body(STOREFRONT_URLS.store), PARSERS.store),
  };
}
