import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { CartEntry } from '../../../lib/cart';
import { useRequest } from '../../../lib/use-request';
import { variantIdOf } from '../../../lib/variants';
import { createPaymentIntent } from '../api/checkout-api';

export const INIT_FAILED = 'Payment initialization failed';

/**
 * Spec §4: a payment intent is requested whenever the cart changes. The key names the
 * buyer and every line (its variant too), so a new cart drops the old client secret and
 * ignores a late reply.
 */
export function usePaymentIntent(cart: readonly CartEntry[], buyerId: string) {
  const key = `${buyerId}|${cart
    .map((entry) => `${entry._id}/${variantIdOf(entry)}x${entry.quantity ?? 1}`)
    .join(',')}`;
  const intent = useRequest(key, (signal) => createPaymentIntent(cart, signal));

  useEffect(() => {
    if (intent.error) toast.error(INIT_FAILED);
  }, [intent.error]);

  return intent;
}
