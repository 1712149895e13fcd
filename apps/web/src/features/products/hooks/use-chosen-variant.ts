import type { Product, ProductVariant } from '@shop/contracts';
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { openingVariant } from '../variant-choice';

const PARAM = 'variant';

/**
 * The variant chosen on a product page, kept in the URL as `?variant=<sku>` so a shared link or
 * a reload opens it. Without one the page opens on the first variant in stock; an unknown SKU
 * (a variant removed since the link was shared) opens that one too, and leaves the URL.
 */
export function useChosenVariant(product: Product) {
  const [params, setParams] = useSearchParams();
  const sku = params.get(PARAM);
  const variant = openingVariant(product, sku);
  const unknown = sku !== null && variant?.sku.toLowerCase() !== sku.toLowerCase();

  // Each choice replaces the history entry: Back leaves the page rather than replaying choices.
  const setSku = useCallback(
    (next: string | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === null) updated.delete(PARAM);
          else updated.set(PARAM, next);
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (unknown) setSku(null);
  }, [unknown, setSku]);

  const choose = useCallback((next: ProductVariant) => setSku(next.sku), [setSku]);
  return [variant, choose] as const;
}
