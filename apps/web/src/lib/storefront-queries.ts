import {
  type Category,
  categoryListResponseSchema,
  PRODUCT_PAGE_SIZE,
  type PriceRange,
  type Product,
  pagedProductListResponseSchema,
  productCategoryResponseSchema,
  productCountResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  searchResponseSchema,
  TOTAL_COUNT_HEADER,
} from '@shop/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { request } from './api-client';
import { type Page, pageOf } from './paging';
import { apiKey, getBody, pagesKey } from './query';

/**
 * The storefront's reads, as TanStack Query options: what the browser asks for, and what a
 * server fills (prefetch, dehydrate) before the browser hydrates. Every key starts with the
 * URL the screen GETs; see query.ts for the key and data conventions.
 */
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

/** `['api', '/api/v1/category/get-category']`: the body `{ success, message, category }`. */
export const categoriesQuery = queryOptions({
  queryKey: apiKey(STOREFRONT_URLS.categories),
  select: (body: unknown): Category[] => categoryListResponseSchema.parse(body).category,
});

/** `['api', '/api/v1/product/product-count']`: the body `{ success, total }`. */
export const productCountQuery = queryOptions({
  queryKey: apiKey(STOREFRONT_URLS.productCount),
  select: (body: unknown) => productCountResponseSchema.parse(body).total,
});

/** `['api', '/api/v1/product/get-product/<slug>']`: the body `{ success, message, product }`. */
export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: apiKey(STOREFRONT_URLS.product(slug)),
    select: (body: unknown): Product => productResponseSchema.parse(body).product,
  });

/** `['api', '/api/v1/product/related-product/<id>/<categoryId>']`: `{ success, products }`. */
export const relatedProductsQuery = (productId: string, categoryId: string) =>
  queryOptions({
    queryKey: apiKey(STOREFRONT_URLS.related(productId, categoryId)),
    select: (body: unknown): Product[] => productListResponseSchema.parse(body).products,
  });

/**
 * Each list read with Load More: page after page, from page `from` (a listing's `?page=N`,
 * where its Load More links for a browser without scripts; 1 without it).
 */
const fromPage = (from: number) => ({
  initialPageParam: from,
  getNextPageParam: (_last: unknown, _all: unknown, lastPage: number) => lastPage + 1,
});
const fromPageOne = fromPage(1);

/**
 * The home page's listing without filters from page `from`:
 * `['api', '/api/v1/product/product-list/<from>', 'pages']`, `pages[i]` the body
 * `{ success, products }` of `/api/v1/product/product-list/<from + i>` (6 each; its total is
 * `productCountQuery`).
 */
export const homeListingQuery = (from = 1) =>
  infiniteQueryOptions({
    queryKey: pagesKey(STOREFRONT_URLS.productList(from)),
    queryFn: ({ pageParam, signal }) => getBody(STOREFRONT_URLS.productList(pageParam), signal),
    ...fromPage(from),
  });

export const homeListingPage = (body: unknown): Page<Product> => {
  const { products } = productListResponseSchema.parse(body);
  return { items: products, total: Number.POSITIVE_INFINITY };
};

export interface ProductFilterChoice {
  checked: string[];
  radio: PriceRange | [];
}

const FILTERS_URL = '/api/v1/product/product-filters';

/**
 * The home listing filtered (a POST, read in the browser only): pages of
 * `{ success, products, total }`, as many per page as the unfiltered listing.
 */
export const filteredListingQuery = (filters: ProductFilterChoice) =>
  infiniteQueryOptions({
    queryKey: [...pagesKey(pageOf(FILTERS_URL, 1, PRODUCT_PAGE_SIZE)), filters] as const,
    queryFn: async ({ pageParam, signal }) => {
      const url = pageOf(FILTERS_URL, pageParam, PRODUCT_PAGE_SIZE);
      return (await request(url, { method: 'post', data: filters, signal })).data;
    },
    ...fromPageOne,
    // A filter is asked again each time it is chosen, as the listing always did.
    staleTime: 0,
    gcTime: 0,
  });

export const filteredListingPage = (body: unknown): Page<Product> => {
  const { products, total } = pagedProductListResponseSchema.parse(body);
  return { items: products, total };
};

/**
 * A category's products: `['api', '/api/v1/product/product-category/<slug>?page=1&perPage=20',
 * 'pages']`, `pages[i]` the body `{ success, message, category, products, total }` of
 * `?page=<i + 1>&perPage=20`.
 */
export const categoryProductsQuery = (slug: string, from = 1) =>
  infiniteQueryOptions({
    queryKey: pagesKey(STOREFRONT_URLS.categoryProducts(slug, from)),
    queryFn: ({ pageParam, signal }) =>
      getBody(STOREFRONT_URLS.categoryProducts(slug, pageParam), signal),
    ...fromPage(from),
  });

export const categoryProductsPage = (body: unknown): Page<Product> & { category: Category } => {
  const { category, products, total } = productCategoryResponseSchema.parse(body);
  return { category, items: products, total };
};

/**
 * Search results: `['api', '/api/v1/product/search/<keyword>?page=1&perPage=20', 'pages']`.
 * The API answers a bare list and the total in its `X-Total-Count` header, so `pages[i]` is
 * `{ products: <the body>, total: <the header> }`.
 */
export const searchQuery = (keyword: string, from = 1) =>
  infiniteQueryOptions({
    queryKey: pagesKey(STOREFRONT_URLS.search(keyword, from)),
    queryFn: async ({ pageParam, signal }) => {
      const { data, headers } = await request(STOREFRONT_URLS.search(keyword, pageParam), {
        signal,
      });
      return { products: data, total: Number(headers.get(TOTAL_COUNT_HEADER)) };
    },
    ...fromPage(from),
  });

export const searchPage = (page: { products: unknown; total: number }): Page<Product> => {
  const items = searchResponseSchema.parse(page.products);
  const { total } = page;
  return { items, total: Number.isInteger(total) && total >= items.length ? total : items.length };
};
