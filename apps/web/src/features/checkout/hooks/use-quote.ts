import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type CartEntry, variantIdOf } from '../../../lib/cart';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';
import { fetchQuote } from '../api/checkout-api';
import type { Delivery } from './use-delivery-address';

/** What the cart's lines are, as the quotes of this cart are keyed. */
const linesOf = (cart: readonly CartEntry[]) =>
  cart.map((entry) => `${entry._id}/${variantIdOf(entry)}x${entry.quantity ?? 1}`);

/** The total the checkout last quoted for these lines: what the shopper will pay. */
export interface QuotedTotal {
  total: number;
  currency: string;
}
const quotedTotalKey = (lines: readonly string[]) => ['quoted-total', lines] as const;

/**
 * The total of the last quote of this very cart (its address and method as last chosen), or
 * undefined before any: the cart's summary shows it, so the cart says one total, the charge's.
 */
export function useQuotedTotal(cart: readonly CartEntry[]): QuotedTotal | null | undefined {
  return useQuery<QuotedTotal | null>({
    queryKey: quotedTotalKey(linesOf(cart)),
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data;
}

/**
 * The server's quote of the cart for the confirmed address and the method picked, asked again
 * whenever one of them changes. The last answer stays on screen while the next is asked, so
 * picking another method does not blank the totals.
 */
export function useQuote(
  cart: readonly CartEntry[],
  address: Delivery['address'],
  shippingMethod: string | null,
) {
  const lines = linesOf(cart);
  const query = useQuery({
    queryKey: ['quote', { lines, address, shippingMethod }],
    queryFn: ({ signal }) => fetchQuote(cart, address, shippingMethod, signal),
    placeholderData: keepPreviousData,
    ...PRIVATE_READ,
  });
  const queryClient = useQueryClient();
  const current = query.isPlaceholderData ? undefined : query.data;
  const failed = query.isError;
  const key = lines.join(',');
  useEffect(() => {
    const quoted = current ? { total: current.total, currency: current.currency } : null;
    if (current || failed)
      queryClient.setQueryData(quotedTotalKey(key ? key.split(',') : []), quoted);
  }, [queryClient, key, current, failed]);
  return requestStateOf(query);
}
