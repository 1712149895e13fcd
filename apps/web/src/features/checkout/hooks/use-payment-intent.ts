import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { type CartEntry, variantIdOf } from '../../../lib/cart';
import { useDiscountCode } from '../../../lib/discount-code';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';
import { createPaymentIntent } from '../api/checkout-api';
import type { Delivery } from './use-delivery-address';

export const INIT_FAILED = 'Payment initialization failed';

/**
 * Spec §4: a payment intent is requested whenever the cart changes, and here also whenever
 * the confirmed delivery address does (the payment carries it, so that the order can be
 * placed from the payment alone). The key names the buyer, every line (its variant too) and
 * the address, shipping method and discount code, so a new cart drops the old client secret and ignores a late
 * reply.
 */
export function usePaymentIntent(cart: readonly CartEntry[], buyerId: string, delivery: Delivery) {
  const discountCode = useDiscountCode();
  const key = `${buyerId}|${cart
    .map((entry) => `${entry._id}/${variantIdOf(entry)}x${entry.quantity ?? 1}`)
    .join(',')}|${JSON.stringify(delivery.address)}|${delivery.shippingMethod ?? ''}`;
  const intent = requestStateOf(
    useQuery({
      queryKey: ['payment-intent', key, discountCode],
      queryFn: ({ signal }) => createPaymentIntent(cart, delivery, discountCode, signal),
      ...PRIVATE_READ,
    }),
  );

  useEffect(() => {
    if (intent.error) toast.error(INIT_FAILED);
  }, [intent.error]);

  return intent;
}
