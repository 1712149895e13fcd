import { findPriceBand, PRODUCT_PAGE_SIZE } from '@shop/contracts/values';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useLoadMore } from '../../../lib/use-load-more';
import { filteredListingPage, homeListingPage, productQueries } from '../api/queries';

/**
 * The home listing of spec §4: the first page and the total on entry, 'Load More' appends
 * the next page, any filter replaces the list with the first page of its result (which Load
 * More pages through too), no filter reloads the first page.
 * Failures are logged and reported through `failed`, never left as an endless spinner.
 */
export function useProductListing(from = 1) {
  const queryClient = useQueryClient();
  const listing = productQueries.list(from);
  const [checked, setChecked] = useState<string[]>([]);
  const [bandId, setBandId] = useState<number | null>(null);
  const range = bandId === null ? undefined : findPriceBand(bandId)?.array;
  const filters = useMemo(
    () => (checked.length > 0 || range ? { checked, radio: range ?? [] } : undefined),
    [checked, range],
  );
  /** All products (product-count), for the unfiltered listing. */
  const count = useQuery(productQueries.count()).data ?? 0;
  const all = useLoadMore(
    { ...listing, enabled: filters === undefined },
    homeListingPage,
    count,
    (from - 1) * PRODUCT_PAGE_SIZE,
  );
  const filtered = useLoadMore(
    { ...productQueries.filtered(filters ?? { checked: [], radio: [] }), enabled: !!filters },
    filteredListingPage,
  );
  const list = filters ? filtered : all;

  /** Without filters the first page is read again, not shown from before. */
  const startOver = useCallback(
    () => void queryClient.resetQueries({ queryKey: listing.queryKey, exact: true }),
    [queryClient, listing.queryKey],
  );

  const toggleCategory = useCallback(
    (categoryId: string, on: boolean) => {
      const next = on ? [...checked, categoryId] : checked.filter((id) => id !== categoryId);
      if (next.length === 0 && bandId === null) startOver();
      setChecked(next);
    },
    [checked, bandId, startOver],
  );

  const reset = useCallback(() => {
    setChecked([]);
    setBandId(null);
    startOver();
  }, [startOver]);

  return {
    products: list.items,
    total: list.total,
    loading: list.loading,
    loadingMore: list.loadingMore,
    failed: list.error !== undefined || list.moreFailed,
    checked,
    bandId,
    canLoadMore: list.canLoadMore,
    /** The page Load More brings (unfiltered: its link, for a browser without scripts). */
    nextPage: filters ? undefined : list.nextPage,
    loadMore: list.loadMore,
    toggleCategory,
    selectBand: setBandId,
    reset,
    retry: list.retry,
  };
}
