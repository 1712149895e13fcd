import type { PriceRange, Product } from '@shop/contracts';
import { PRODUCT_PAGE_SIZE } from '@shop/contracts/values';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { type Page, pageOf } from '../../../lib/paging';
import { storefrontReadsOf } from '../../../lib/query';
import { PARSERS, parsed } from '../../../lib/storefront-reads';

/**
 * Each list read with Load More: page after page, from page `from` (a listing's `?page=N`,
 * where its Load More links for a browser without scripts; 1 without it). Its data is
 * `{ pages, pageParams }`, `pages[i]` the answer for page `pageParams[i]`.
 */
const fromPage = (from: number) => ({
  initialPageParam: from,
  getNextPageParam: (_last: unknown, _all: unknown, lastPage: number) => lastPage + 1,
});

export interface ProductFilterChoice {
  checked: string[];
  radio: PriceRange | [];
}

const FILTERS_URL = '/api/v1/product/product-filters';

/**
 * The product reads, keyed by what they hold under `['products', …]`; each query's data is its
 * storefront read's answer (lib/storefront-reads.ts), which `select` picks from.
 */
export const productQueries = {
  /** `['products']`: every product read, which any write to a product changes. */
  all: ['products'] as const,

  /** `['products', 'count']`: how many products there are. */
  count: () =>
    queryOptions({
      queryKey: ['products', 'count'] as const,
      queryFn: (context) => storefrontReadsOf(context).productCount(),
      select: (answer) => answer.total,
    }),

  /**
   * `['products', 'list', { page }]`: the home page's listing, newest first, six a page, from
   * page `page` (its total is `count`).
   */
  list: (page = 1) =>
    infiniteQueryOptions({
      queryKey: ['products', 'list', { page }] as const,
      queryFn: (context) => storefrontReadsOf(context).productPage(context.pageParam),
      ...fromPage(page),
    }),

  /**
   * `['products', 'list', { filters }]`: the home listing narrowed by the filters (a POST, read
   * in the browser only), as many a page as the unfiltered listing, with its total.
   */
  filtered: (filters: ProductFilterChoice) =>
    infiniteQueryOptions({
      queryKey: ['products', 'list', { filters }] as const,
      queryFn: async ({ pageParam, signal }) => {
        const url = pageOf(FILTERS_URL, pageParam, PRODUCT_PAGE_SIZE);
        const answer = request(url, { method: 'post', data: filters, signal });
        return parsed(
          answer.then(({ data }) => data),
          PARSERS.pagedProductList,
        );
      },
      ...fromPage(1),
      // A filter is asked again each time it is chosen, as the listing always did.
      staleTime: 0,
      gcTime: 0,
    }),

  /** `['products', 'detail', { slug }]`: one product. */
  detail: (slug: string) =>
    queryOptions({
      queryKey: ['products', 'detail', { slug }] as const,
      queryFn: (context) => storefrontReadsOf(context).product(slug),
      select: (answer): Product => answer.product,
    }),

  /** `['products', 'related', { productId, categoryId }]`: a few others of its category. */
  related: (productId: string, categoryId: string) =>
    queryOptions({
      queryKey: ['products', 'related', { productId, categoryId }] as const,
      queryFn: (context) => storefrontReadsOf(context).relatedProducts(productId, categoryId),
      select: (answer): Product[] => answer.products,
    }),
};

/** A page of the home listing: its total comes from `count`. */
export const homeListingPage = ({ products }: { products: Product[] }): Page<Product> => ({
  items: products,
  total: Number.POSITIVE_INFINITY,
});

export const filteredListingPage = ({
  products,
  total,
}: {
  products: Product[];
  total: number;
}): Page<Product> => ({ items: products, total });
