import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts';
import {
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  useQuery,
} from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { type Page, pageCount } from '../../../lib/paging';
import { PRIVATE_READ } from '../../../lib/query';

export interface AdminRead<T> {
  data: T | undefined;
  loading: boolean;
  /** The text shown for the last failed load; null once a load succeeds. */
  error: string | null;
  /** Try again after a failed load. */
  retry: () => void;
}

/**
 * Reads what an admin changes in place. The read asked again (a write invalidated it, or
 * another page is shown) keeps the current data on screen until the new answer arrives, so a
 * table does not blink away (taking the focused row button with it) after every create, rename
 * or delete. A failure is toasted and kept as text for the screen.
 */
export function useAdminQuery<Body, T = Body, Key extends QueryKey = QueryKey>(
  options: UseQueryOptions<Body, Error, T, Key>,
  failureText: (err: unknown) => string,
): AdminRead<T> {
  const failureTextRef = useRef(failureText);
  failureTextRef.current = failureText;
  const query = useQuery({ ...options, ...PRIVATE_READ, placeholderData: keepPreviousData });
  const { error, isFetching, errorUpdatedAt, refetch } = query;
  const failedNow = query.isError && !isFetching;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failure (errorUpdatedAt) is toasted once.
  useEffect(() => {
    if (failedNow) toast.error(failureTextRef.current(error));
  }, [failedNow, errorUpdatedAt]);
  return {
    data: query.data,
    loading: isFetching,
    error: query.isError ? failureText(error) : null,
    retry: () => void refetch(),
  };
}

/**
 * An admin list read one page at a time (see useAdminQuery), `pageRead(page)` being the read
 * of one page as its feature declares it (`['admin', 'users', 'list', { page }]`): a page
 * emptied by a delete steps back to the new last page.
 */
export function useAdminPages<T, Key extends QueryKey>(
  pageRead: (page: number) => UseQueryOptions<Page<T>, Error, Page<T>, Key>,
  failureText: (err: unknown) => string,
) {
  const [page, setPage] = useState(1);
  const list = useAdminQuery(pageRead(page), failureText);
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

/** An admin list as useAdminPages reads it. */
export type AdminPages<T> = ReturnType<typeof useAdminPages<T, QueryKey>>;
