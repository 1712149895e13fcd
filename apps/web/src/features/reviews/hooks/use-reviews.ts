import type { ReviewListResponse } from '@shop/contracts/reviews';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { appendNew } from '../../../lib/paging';
import { reviewQueries } from '../api/queries';

type Summary = Omit<ReviewListResponse, 'success' | 'reviews'>;

/**
 * A product's reviews, page after page (Load More), and what they add up to; `retry` starts
 * again from the first page after a failed load, keeping those shown until it arrives. A
 * review's write reads every page shown again (the query's key is invalidated).
 */
export function useReviews(productId: string) {
  const queryClient = useQueryClient();
  const options = reviewQueries.list(productId);
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
  const retry = useCallback(() => {
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
    retry,
  };
}
