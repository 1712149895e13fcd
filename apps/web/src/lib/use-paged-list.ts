import { useCallback, useRef, useState } from 'react';
import { appendNew, type Page } from './paging';
import { useRequest } from './use-request';

/**
 * A list a shopper reads with 'Load More': the first page loads when `key` changes (see
 * useRequest), each Load More appends the next one. A failed Load More keeps what is shown
 * and reports itself in `moreFailed`.
 */
export function usePagedList<T extends { _id: string }, Extra = unknown>(
  key: string,
  load: (page: number, signal?: AbortSignal) => Promise<Page<T> & Extra>,
) {
  const first = useRequest(key, (signal) => load(1, signal));
  const [more, setMore] = useState<{ key: string; page: number; items: T[]; total: number }>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const keyRef = useRef(key);
  keyRef.current = key;

  const current = more?.key === key ? more : undefined;
  const items = current?.items ?? first.data?.items ?? [];
  const total = current?.total ?? first.data?.total ?? 0;
  const page = current?.page ?? 1;

  const loadMore = useCallback(async () => {
    const asked = keyRef.current;
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      const next = await load(page + 1);
      if (asked !== keyRef.current) return;
      const list = appendNew(items, next.items);
      // Nothing new means the list ended sooner than its total said (products were removed).
      const left = list.length > items.length ? next.total : list.length;
      setMore({ key: asked, page: page + 1, items: list, total: left });
    } catch (err) {
      console.error(err);
      if (asked === keyRef.current) setMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [load, page, items]);

  const retry = first.retry;
  return {
    ...first,
    retry: useCallback(() => {
      setMore(undefined);
      retry();
    }, [retry]),
    items,
    total,
    loadingMore,
    moreFailed,
    canLoadMore: !first.loading && first.data !== undefined && items.length < total,
    loadMore,
  };
}
