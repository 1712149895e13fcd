import type { ReviewListResponse } from '@shop/contracts/reviews';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { appendNew } from '../../../lib/paging';
import { getBody, pagesKey } from '../../../lib/query';
import { reviewsPageUrl } from '../api/review-urls';

type Summary = Omit<ReviewListResponse, 'success' | 'reviews'>;

/** The body of `url`, parsed by the review list's schema (loaded with the first read). */
async function readReviewPage(url: string, signal: AbortSignal): Promise<ReviewListResponse> {
  const [body, { reviewListResponseSchema }] = await Promise.all([
    getBody(url, signal),
    import('@shop/contracts/reviews'),
  ]);
  return reviewListResponseSchema.parse(body);
}

/**
 * A product's reviews: `['api', '/api/v1/product/<id>/reviews?page=1&perPage=5', 'pages']`,
 * `pages[i]` the body `{ success, reviews, total, average, stars }` of page `i + 1`, parsed as
 * it arrives (a server-rendered product page comes with its first page parsed).
 */
export const reviewsQuery = (productId: string) =>
  infiniteQueryOptions({
    queryKey: pagesKey(reviewsPageUrl(productId, 1)),
    queryFn: ({ pageParam, signal }) =>
      readReviewPage(reviewsPageUrl(productId, pageParam), signal),
    initialPageParam: 1,
    getNextPageParam: (_last: unknown, _all: unknown, lastPage: number) => lastPage + 1,
  });

/**
 * A product's reviews, page after page (Load More), and what they add up to; `reload` starts
 * again from the first page (after the shopper's own review changed), keeping those shown
 * until it arrives.
 */
export function useReviews(productId: string) {
  const queryClient = useQueryClient();
  const options = reviewsQuery(productId);
  const query = useInfiniteQuery(options);
  const pages = query.data?.pages;
  const reviews = (pages ?? []).reduce<ReviewListResponse['reviews']>(
    (shown, page) => appendNew(shown, page.reviews),
    [],
  );
  const last = pages?.at(-1);
  const summary = useMemo((): Summary | undefined => {
    if (!last) return undefined;
    const { success: _success, reviews: _reviews, ...rest } = last;
    return rest;
  }, [last]);
  const { queryKey } = options;
  const { refetch, fetchNextPage } = query;
  const reload = useCallback(() => {
    queryClient.setQueryData(
      queryKey,
      (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) },
    );
    void refetch();
  }, [queryClient, queryKey, refetch]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const canLoadMore = summary !== undefined && reviews.length < summary.total;
  return {
    reviews,
    summary,
    loading: query.isFetching,
    error: query.isError && !query.isFetching ? query.error : undefined,
    canLoadMore,
    loadMore,
    reload,
  };
}
