import { Elements } from '@stripe/react-stripe-js';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useRequest } from '../../../lib/use-request';
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
  const stripe = useRequest(publishableKey, () => stripeFor(publishableKey));
  if (stripe.error !== undefined) {
    return <ErrorNotice message="The card form could not be loaded" onRetry={stripe.retry} />;
  }
  return (
    <Elements stripe={stripe.data ?? null}>
      <CardForm buyer={buyer} delivery={delivery} />
    </Elements>
  );
}
