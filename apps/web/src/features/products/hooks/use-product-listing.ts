import { findPriceBand, type Product } from '@shop/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../../lib/api-client';
import { fetchProductCount, fetchProductPage, filterProducts } from '../api/products-api';

const appendNew = (list: Product[], more: Product[]) => {
  const seen = new Set(list.map((p) => p._id));
  return [...list, ...more.filter((p) => !seen.has(p._id))];
};

/**
 * The home listing of spec §4: the first page and the total on entry, 'Load More' appends
 * the next page, any filter replaces the list, no filter reloads the first page.
 * Failures are logged and reported through `failed`, never left as an endless spinner.
 */
export function useProductListing() {
  const [products, setProducts] = useState<Product[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<string[]>([]);
  const [bandId, setBandId] = useState<number | null>(null);
  const [reloads, setReloads] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [failed, setFailed] = useState(false);
  const filtered = checked.length > 0 || bandId !== null;
  /** Bumped whenever the list is replaced, so a late 'Load More' reply is not appended to it. */
  const generation = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    fetchProductCount(controller.signal).then(setTotal, (err: unknown) => {
      if (!controller.signal.aborted && !isCancelled(err)) console.error(err);
    });
    return () => controller.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` is the trigger of Reset and Try again.
  useEffect(() => {
    const controller = new AbortController();
    generation.current += 1;
    const range = bandId === null ? undefined : findPriceBand(bandId)?.array;
    setLoading(true);
    setFailed(false);
    const request =
      checked.length > 0 || range
        ? filterProducts({ checked, radio: range ?? [] }, controller.signal)
        : fetchProductPage(1, controller.signal);
    request.then(
      (list) => {
        setProducts(list);
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
      const more = await fetchProductPage(page + 1);
      if (asked !== generation.current) return;
      setProducts((list) => appendNew(list, more));
      setPage(page + 1);
      // The total was counted earlier; an empty page means there is nothing more to show.
      if (more.length === 0) setTotal((count) => Math.min(count, products.length));
    } catch (err) {
      console.error(err);
      setFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }, [page, products.length]);

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
    /** A filtered list is complete, so Load More belongs to the unfiltered listing only. */
    canLoadMore: !filtered && !loading && products.length < total,
    loadMore,
    toggleCategory,
    selectBand: setBandId,
    reset,
    retry,
  };
}
