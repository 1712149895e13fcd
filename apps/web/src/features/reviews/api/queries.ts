import { infiniteQueryOptions } from '@tanstack/react-query';
import { storefrontReadsOf } from '../../../lib/query';

/** Reviews a page of the product page shows at once. */
export const REVIEWS_PER_PAGE = 5;

/** Where a product's reviews are read and written (reviews-api.ts). */
export const reviewsOf = (productId: string) =>
  `/api/v1/product/${encodeURIComponent(productId)}/reviews`;

/** The review reads, keyed by what they hold under `['reviews', …]`. */
export const reviewQueries = {
  /** `['reviews', 'list', { productId }]`: every page of a product's reviews. */
  of: (productId: string) => ['reviews', 'list', { productId }] as const,

  /**
   * `['reviews', 'list', { productId }]`: a product's visible reviews, newest first, five a page
   * (Load More), each page with the average and the count per star; `pages[i]` is page `i + 1`.
   */
  list: (productId: string) =>
    infiniteQueryOptions({
      queryKey: ['reviews', 'list', { productId }] as const,
      queryFn: (context) =>
        storefrontReadsOf(context).productReviews(productId, {
          page: context.pageParam,
          perPage: REVIEWS_PER_PAGE,
        }),
      initialPageParam: 1,
      getNextPageParam: (_last: unknown, _all: unknown, lastPage: number) => lastPage + 1,
    }),
};
