import { findPriceBand, type Product } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../../lib/api-client';
import { appendNew, type Page } from '../../../lib/paging';
import { fetchProductCount, fetchProductPage, filterProducts } from '../api/products-api';

/**
 * The home listing of spec §4: the first page and the total on entry, 'Load More' appends
 * the next page, any filter replaces the list with the first page of its result (which Load
 * More pages through too), no filter reloads the first page.
 * Failures are logged and reported through `failed`, never left as an endless spinner.
 */
export function useProductListing() {
  const [products, setProducts] = useState<Product[]>([]);
  /** All products (product-count), for the unfiltered listing. */
  const [count, setCount] = useState(0);
  /** How many match the filters, from the filtered answer. */
  const [filteredTotal, setFilteredTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<string[]>([]);
  const [bandId, setBandId] = useState<number | null>(null);
  const [reloads, setReloads] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const range = bandId === null ? undefined : findPriceBand(bandId)?.array;
  const filtered = checked.length > 0 || range !== undefined;
  const total = filtered ? filteredTotal : count;
  const setTotal = filtered ? setFilteredTotal : setCount;
  /** Bumped whenever the list is replaced, so a late 'Load More' reply is not appended to it. */
  const generation = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchProductCount(controller.signal).then(setCount, (err: unknown) => {
      if (!controller.signal.aborted && !isCancelled(err)) console.error(err);
    });
    return () => controller.abort();
  }, []);

  /** One page of the listing as it stands: filtered, or all products. */
  const loadPage = useCallback(
    async (page: number, signal?: AbortSignal): Promise<Page<Product> | Product[]> =>
      checked.length > 0 || range
        ? filterProducts({ checked, radio: range ?? [] }, page, signal)
        : fetchProductPage(page, signal),
    [checked, range],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` is the trigger of Reset and Try again; `loadPage` changes with the filters.
  useEffect(() => {
    const controller = new AbortController();
    generation.current += 1;
    setLoading(true);
    setFailed(false);
    loadPage(1, controller.signal).then(
      (answer) => {
        if (Array.isArray(answer)) setProducts(answer);
        else {
          setProducts(answer.items);
          setFilteredTotal(answer.total);
        }
        setPage(1);
        setLoading(false);
      },
      (err: unknown) => {
        if (controller.signal.aborted || isCancelled(err)) return;
        console.error(err);
        setFailed(true);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [checked, bandId, reloads]);

  const loadMore = useCallback(async () => {
    setLoadingMore(true);
    setFailed(false);
    const asked = generation.current;
    try {
      const answer = await loadPage(page + 1);
      if (asked !== generation.current) return;
      const more = Array.isArray(answer) ? answer : answer.items;
      if (!Array.isArray(answer)) setFilteredTotal(answer.total);
      setProducts((list) => appendNew(list, more));
      setPage(page + 1);
      // The total was counted earlier; an empty page means there is nothing more to show.
      if (more.length === 0) setTotal((n) => Math.min(n, products.length));
    } catch (err) {
      console.error(err);
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [loadPage, page, products.length, setTotal]);

  const toggleCategory = useCallback((categoryId: string, on: boolean) => {
    setChecked((ids) => (on ? [...ids, categoryId] : ids.filter((id) => id !== categoryId)));
  }, []);

  const reset = useCallback(() => {
    setChecked([]);
    setBandId(null);
    setReloads((n) => n + 1);
  }, []);

  const retry = useCallback(() => setReloads((n) => n + 1), []);

  return {
    products,
    total,
    loading,
    loadingMore,
    failed,
    checked,
    bandId,
    canLoadMore: !loading && products.length < total,
    loadMore,
    toggleCategory,
    selectBand: setBandId,
    reset,
    retry,
  };
}
