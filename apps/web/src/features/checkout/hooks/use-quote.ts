import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CartEntry, variantIdOf } from '../../../lib/cart';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';
import { fetchQuote } from '../api/checkout-api';
import type { Delivery } from './use-delivery-address';

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
  const lines = cart.map((entry) => `${entry._id}/${variantIdOf(entry)}x${entry.quantity ?? 1}`);
  return requestStateOf(
    useQuery({
      queryKey: ['quote', { lines, address, shippingMethod }],
      queryFn: ({ signal }) => fetchQuote(cart, address, shippingMethod, signal),
      placeholderData: keepPreviousData,
      ...PRIVATE_READ,
    }),
  );
}
