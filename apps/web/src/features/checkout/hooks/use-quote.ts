import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CartEntry } from '../../../lib/cart';
import { useDiscountCode } from '../../../lib/discount-code';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';
import { fetchQuote, type QuoteAddress } from '../api/checkout-api';
import { linesOf, type QuotedTotal, quotedTotalKey } from './quoted-total';

/**
 * The server's quote of the cart for the address (or country) and the method picked, asked
 * again whenever one of them changes. The last answer stays on screen while the next is asked,
 * so picking another method does not blank the totals.
 */
export function useQuote(
  cart: readonly CartEntry[],
  address: QuoteAddress,
  shippingMethod: string | null,
) {
  const lines = linesOf(cart);
  const discountCode = useDiscountCode();
  const query = useQuery({
    queryKey: ['quote', { lines, address, shippingMethod, discountCode }],
    queryFn: ({ signal }) => fetchQuote(cart, address, shippingMethod, discountCode, signal),
    placeholderData: keepPreviousData,
    ...PRIVATE_READ,
  });
  const queryClient = useQueryClient();
  const current = query.isPlaceholderData ? undefined : query.data;
  const failed = query.isError;
  const key = lines.join(',');
  useEffect(() => {
    const quoted: QuotedTotal | null = current
      ? {
          total: current.total,
          currency: current.currency,
          discountRefusal: current.discountRefusal,
          discountNotice: current.discountNotice,
          available: Object.fromEntries(current.lines.map((l) => [l.variant, l.available])),
        }
      : null;
    if (current || failed)
      queryClient.setQueryData(quotedTotalKey(key ? key.split(',') : [], discountCode), quoted);
  }, [queryClient, key, discountCode, current, failed]);
  return requestStateOf(query);
}
