import type { Category } from '@shop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { categoryQueries } from '../api/queries';

export interface CategoriesState {
  categories: Category[];
  loading: boolean;
  failed: boolean;
}

/**
 * The category list, one query shared by every screen (the header's dropdown and the page
 * show the same answer); `onError` runs once per failed load (the header only logs).
 */
export function useCategories(onError?: (err: unknown) => void): CategoriesState {
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  const { data, isPending, isError, isFetching, error, errorUpdatedAt } = useQuery(
    categoryQueries.list(),
  );
  const failedNow = isError && !isFetching;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each failure (errorUpdatedAt) is reported once.
  useEffect(() => {
    if (failedNow) onErrorRef.current?.(error);
  }, [failedNow, errorUpdatedAt]);
  return { categories: data ?? [], loading: isPending && !isError, failed: isError };
}
