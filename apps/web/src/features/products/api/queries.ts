import type { Category, PriceRange, Product } from '@shop/contracts';
import { PRODUCT_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@shop/contracts/values';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { PARSERS, parsed, STOREFRONT_URLS } from '../../../lib/catalogue-reads';
import { type Page, pageOf } from '../../../lib/paging';
import { apiKey, getBody, pagesKey } from '../../../lib/query';

/** `['api', '/api/v1/product/product-count']`: the body `{ success, total }`. */
export const productCountQuery = queryOptions({
  queryKey: apiKey(STOREFRONT_URLS.productCount),
  queryFn: ({ signal }) =>
    parsed(getBody(STOREFRONT_URLS.productCount, signal), PARSERS.productCount),
  select: (body) => body.total,
});

/** `['api', '/api/v1/product/get-product/<slug>']`: the body `{ success, message, product }`. */
export const productQuery = (slug: string) =>
  queryOptions({
    queryKey: apiKey(STOREFRONT_URLS.product(slug)),
    queryFn: ({ signal }) =>
      parsed(getBody(STOREFRONT_URLS.product(slug), signal), PARSERS.product),
    select: (body): Product => body.product,
  });

/** `['api', '/api/v1/product/related-product/<id>/<categoryId>']`: `{ success, products }`. */
export const relatedProductsQuery = (productId: string, categoryId: string) =>
  queryOptions({
    queryKey: apiKey(STOREFRONT_URLS.related(productId, categoryId)),
    queryFn: ({ signal }) =>
      parsed(getBody(STOREFRONT_URLS.related(productId, categoryId), signal), PARSERS.productList),
    select: (body): Product[] => body.products,
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
    queryFn: ({ pageParam, signal }) =>
      parsed(getBody(STOREFRONT_URLS.productList(pageParam), signal), PARSERS.productList),
    ...fromPage(from),
  });

export const homeListingPage = ({ products }: { products: Product[] }): Page<Product> => ({
  items: products,
  total: Number.POSITIVE_INFINITY,
});

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
      const answer = request(url, { method: 'post', data: filters, signal });
      return parsed(
        answer.then(({ data }) => data),
        PARSERS.pagedProductList,
      );
    },
    ...fromPageOne,
    // A filter is asked again each time it is chosen, as the listing always did.
    staleTime: 0,
    gcTime: 0,
  });

export const filteredListingPage = ({
  products,
  total,
}: {
  products: Product[];
  total: number;
}): Page<Product> => ({ items: products, total });

/**
 * A category's products: `['api', '/api/v1/product/product-category/<slug>?page=1&perPage=20',
 * 'pages']`, `pages[i]` the body `{ success, message, category, products, total }` of
 * `?page=<i + 1>&perPage=20`.
 */
export const categoryProductsQuery = (slug: string, from = 1) =>
  infiniteQueryOptions({
    queryKey: pagesKey(STOREFRONT_URLS.categoryProducts(slug, from)),
    queryFn: ({ pageParam, signal }) =>
      parsed(
        getBody(STOREFRONT_URLS.categoryProducts(slug, pageParam), signal),
        PARSERS.categoryProducts,
      ),
    ...fromPage(from),
  });

export const categoryProductsPage = ({
  category,
  products,
  total,
}: {
  category: Category;
  products: Product[];
  total: number;
}): Page<Product> & { category: Category } => ({ category, items: products, total });

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
      const products = await parsed(Promise.resolve(data), PARSERS.search);
      return { products, total: Number(headers.get(TOTAL_COUNT_HEADER)) };
    },
    ...fromPage(from),
  });

export const searchPage = ({ products, total }: { products: Product[]; total: number }) => ({
  items: products,
  total: Number.isInteger(total) && total >= products.length ? total : products.length,
});
