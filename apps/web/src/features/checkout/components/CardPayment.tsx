import { Elements } from '@stripe/react-stripe-js';
import { useQuery } from '@tanstack/react-query';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { requestStateOf } from '../../../lib/request-state';
import type { Buyer } from '../api/checkout-api';
import type { Delivery } from '../hooks/use-delivery-address';
import { stripeFor } from '../stripe-loader';
import { CardForm } from './CardForm';

export interface CardPaymentProps {
  publishableKey: string;
  buyer: Buyer;
  delivery: Delivery;
}

/**
 * Its own chunk (loaded by CheckoutPanel), so Stripe's libraries reach only shoppers who
 * can pay. Until Stripe.js arrives, Elements holds null and the pay button stays disabled.
 */
export default function CardPayment({ publishableKey, buyer, delivery }: CardPaymentProps) {
  const stripe = requestStateOf(
    useQuery({
      queryKey: ['stripe', publishableKey],
      queryFn: () => stripeFor(publishableKey),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
  if (stripe.error !== undefined) {
    return <ErrorNotice message="The card form could not be loaded" onRetry={stripe.retry} />;
  }
  return (
    <Elements stripe={stripe.data ?? null}>
      <CardForm buyer={buyer} delivery={delivery} />
    </Elements>
  );
}
