import type { CreatePaymentIntentResponse } from '@shop/contracts';
import {
  type MutationState,
  useMutation,
  useMutationState,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import type { CartEntry } from '../../../lib/cart';
import { useDiscountCode } from '../../../lib/discount-code';
import {
  PAYMENT_STARTS,
  paymentHashOf,
  paymentStarted,
  startPaymentWrite,
} from '../api/checkout-writes';
import type { Delivery } from './use-delivery-address';

export const INIT_FAILED = 'Payment initialization failed';

/** A payment mutation's state: its data is create-payment-intent's answer. */
type PaymentState = MutationState<CreatePaymentIntentResponse, Error, void, unknown>;

/**
 * Spec §4: a payment is started whenever the cart changes, and here also whenever the confirmed
 * delivery address, the shipping method or the discount code does (the payment carries them,
 * so that the order can be placed from the payment alone). Starting one holds the cart's units,
 * so it is a mutation (startPaymentWrite), started once per change of those inputs: never again
 * for the same inputs by showing the form again, a focus or a retry of a cache, and never twice
 * at once. What shows is the last payment started, if it is for these inputs: a new cart drops
 * the old client secret and ignores a late reply. A failure is toasted once, and Try again
 * (`retry`) starts it again.
 */
export function usePaymentIntent(cart: readonly CartEntry[], buyerId: string, delivery: Delivery) {
  const client = useQueryClient();
  const discountCode = useDiscountCode();
  const write = startPaymentWrite({ cart, delivery, discountCode, buyerId });
  const { mutate } = useMutation({ ...write, onError: () => toast.error(INIT_FAILED) });
  const hash = paymentHashOf(write.mutationKey);
  const last = useMutationState({
    filters: { mutationKey: PAYMENT_STARTS },
    select: (mutation) => ({
      hash: paymentHashOf(mutation.options.mutationKey),
      // The payment mutations are startPaymentWrite's: their data is its answer.
      state: mutation.state as PaymentState,
    }),
  }).at(-1);
  const payment = last?.hash === hash ? last.state : undefined;

  // useMutation has taken these inputs' options by now (its effect runs before this one).
  useEffect(() => {
    if (!paymentStarted(client, hash)) mutate();
  }, [client, hash, mutate]);

  return {
    data: payment?.status === 'success' ? payment.data : undefined,
    error: payment?.status === 'error' ? payment.error : undefined,
    retry: () => mutate(),
  };
}
