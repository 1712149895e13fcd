import { Elements } from '@stripe/react-stripe-js';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { useRequest } from '../../../lib/use-request';
import type { Buyer } from '../api/checkout-api';
import { stripeFor } from '../stripe-loader';
import { CardForm } from './CardForm';

export interface CardPaymentProps {
  publishableKey: string;
  buyer: Buyer;
}

/**
 * Its own chunk (loaded by CheckoutPanel), so Stripe's libraries reach only shoppers who
 * can pay. Until Stripe.js arrives, Elements holds null and the pay button stays disabled.
 */
export default function CardPayment({ publishableKey, buyer }: CardPaymentProps) {
  const stripe = useRequest(publishableKey, () => stripeFor(publishableKey));
  if (stripe.error !== undefined) {
    return <ErrorNotice message="The card form could not be loaded" onRetry={stripe.retry} />;
  }
  return (
    <Elements stripe={stripe.data ?? null}>
      <CardForm buyer={buyer} />
    </Elements>
  );
}
