import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A screen's read as RequestStatus shows it: loading (the first time, and again on Try
 * again after a failure), the failure while none is under way, and Try again.
 */
export function requestStateOf<T>(query: UseQueryResult<T>) {
  const { isError, isFetching, refetch } = query;
  return {
    data: query.data,
    loading: query.isPending && !isError ? true : isError && isFetching,
    error: isError && !isFetching ? query.error : undefined,
    retry: () => void refetch(),
  };
}
