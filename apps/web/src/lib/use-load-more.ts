import {
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { appendNew, type Page } from './paging';

/**
 * A list a shopper reads with 'Load More' (an infinite query of a feature's api/queries.ts), as
 * the screen shows it: the pages' items without repeats, how many there are in all (`knownTotal`
 * when the pages do not say), the first load's state (`retry` starts again from its first page),
 * Load More's (a failed one keeps what is shown and reports itself in `moreFailed`) and the
 * page it would load (`nextPage`). A list from a later page (`?page=N`) counts the `skipped`
 * items of the pages before it.
 */
export function useLoadMore<Body, P extends Page<{ _id: string }>, Key extends QueryKey>(
  options: UseInfiniteQueryOptions<Body, Error, InfiniteData<Body>, Key, number>,
  toPage: (body: Body) => P,
  knownTotal?: number,
  skipped = 0,
) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(options);
  const bodies = query.data?.pages;
  const pages = useMemo(() => bodies?.map(toPage), [bodies, toPage]);

  let items: P['items'] = [];
  let total = knownTotal ?? 0;
  for (const [index, page] of (pages ?? []).entries()) {
    const before = items.length;
    items = appendNew(items, page.items);
    if (knownTotal === undefined) total = page.total;
    // Nothing new means the list ended sooner than its total said (products were removed).
    if (index > 0 && items.length === before) total = Math.min(total, items.length);
  }

  const { queryKey } = options;
  const retry = useCallback(
    () => void queryClient.resetQueries({ queryKey, exact: true }),
    [queryClient, queryKey],
  );
  const { fetchNextPage } = query;
  const loadMore = useCallback(() => fetchNextPage(), [fetchNextPage]);
  const failed = pages === undefined && query.isError;
  return {
    first: pages?.[0],
    items,
    total,
    loading: query.isPending || (failed && query.isFetching),
    error: failed && !query.isFetching ? query.error : undefined,
    retry,
    loadingMore: query.isFetchingNextPage,
    moreFailed: query.isFetchNextPageError,
    canLoadMore: pages !== undefined && skipped + items.length < total,
    nextPage: Number(query.data?.pageParams.at(-1) ?? options.initialPageParam) + 1,
    loadMore,
  };
}
