import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts';
import { useCallback, useEffect, useState } from 'react';
import { type Page, pageCount } from '../../../lib/paging';
import { useReloadable } from './use-reloadable';

/**
 * An admin list read one page at a time (see useReloadable): a reload re-reads the page shown,
 * and a page emptied by a delete steps back to the new last page.
 */
export function usePagedReloadable<T>(
  load: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  failureText: (err: unknown) => string,
) {
  const [page, setPage] = useState(1);
  const loadPage = useCallback((signal: AbortSignal) => load(page, signal), [load, page]);
  const list = useReloadable(loadPage, failureText);
  const pages = pageCount(list.data?.total ?? 0);
  const emptied = list.data !== undefined && list.data.items.length === 0 && page > 1;
  useEffect(() => {
    if (emptied) setPage(Math.min(page - 1, pages));
  }, [emptied, page, pages]);
  return {
    ...list,
    items: list.data?.items,
    page,
    pages,
    setPage,
    /** Where this page starts in the whole list, to number its rows. */
    offset: (page - 1) * LIST_DEFAULT_PER_PAGE,
  };
}
