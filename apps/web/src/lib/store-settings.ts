import type { Store } from '@shop/contracts';
import { formatMoney } from '@shop/contracts/money';
import { DEFAULT_STORE_NAME } from '@shop/contracts/storefront';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { storefrontReadsOf } from './query';

/**
 * The shop's settings, read once per visit (`GET /api/v1/store`) and kept: every price the web
 * shows is written in their currency. Storefront routes declare this read, so a page the server
 * rendered shows its prices in the same figure the browser then hydrates.
 */
export const storeQuery = () =>
  queryOptions({
    queryKey: ['store'] as const,
    queryFn: (context): Promise<Store> => storefrontReadsOf(context).store(),
  });

/**
 * The store's name, which the header shows and every page's title ends with; the spec's own name
 * until the settings are read (a page the server rendered, or one the browser renders, comes
 * with them: the root route declares the read).
 */
export const useStoreName = (): string => useQuery(storeQuery()).data?.name ?? DEFAULT_STORE_NAME;

/** The store currency (lowercase ISO 4217), or undefined until the settings are read. */
export const useStoreCurrency = (): string | undefined => useQuery(storeQuery()).data?.currency;

/**
 * A major-unit amount written in `currency` (an order's own), else in the store currency; empty
 * until the store currency is known, rather than a figure in the wrong one.
 */
export function useMoney(currency?: string): (major: number) => string {
  const storeCurrency = useStoreCurrency();
  const shown = currency ?? storeCurrency;
  return (major) => (shown ? formatMoney(major, shown) : '');
}
