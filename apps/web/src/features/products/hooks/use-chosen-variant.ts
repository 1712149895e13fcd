import type { Product, ProductVariant } from '@shop/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { openingVariant, variantBySku } from '../variant-choice';

const PARAM = 'variant';

/**
 * The variant chosen on a product page, kept in the URL as `?variant=<sku>` so a shared link or
 * a reload opens it. Without one the page opens on the first variant in stock; an unknown SKU
 * (a variant removed since the link was shared) opens that one too, and leaves the URL.
 */
export function useChosenVariant(product: Product) {
  // Not useSearchParams: it would bring its code into the entry chunk, which every page loads.
  const { search } = useLocation();
  const navigate = useNavigate();
  const sku = new URLSearchParams(search).get(PARAM);
  // A choice shows at once: the URL follows through a navigation, which lands a moment later
  // (meanwhile a checked radio would spring back). A new URL (Back, a link) wins.
  const [chosen, setChosen] = useState(sku);
  const [urlSku, setUrlSku] = useState(sku);
  if (sku !== urlSku) {
    setUrlSku(sku);
    setChosen(sku);
  }
  const variant = openingVariant(product, chosen);
  const unknown = sku !== null && !variantBySku(product, sku);

  const setSku = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(search);
      if (next === null) params.delete(PARAM);
      else params.set(PARAM, next);
      const query = params.toString();
      // Back leaves the page rather than replaying choices.
      navigate({ search: query ? `?${query}` : '' }, { replace: true, preventScrollReset: true });
    },
    [search, navigate],
  );

  useEffect(() => {
    if (unknown) setSku(null);
  }, [unknown, setSku]);

  const choose = useCallback(
    (next: ProductVariant) => {
      setChosen(next.sku);
      setSku(next.sku);
    },
    [setSku],
  );
  return [variant, choose] as const;
}
