import { formatMinorUnits } from '@shop/contracts/money';
import { CardElement } from '@stripe/react-stripe-js';
import type { FormEvent } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { errorMessage } from '../../../lib/api-client';
import { useCart } from '../../../lib/cart';
import { useStoreCurrency } from '../../../lib/store-settings';
import type { Buyer } from '../api/checkout-api';
import { useCardPayment } from '../hooks/use-card-payment';
import type { Delivery } from '../hooks/use-delivery-address';
import { INIT_FAILED, usePaymentIntent } from '../hooks/use-payment-intent';
import './CardForm.css';

/**
 * The card field and the pay button; lives inside Stripe's <Elements>. A total of 0 asks for no
 * card: the button places the order.
 */
export function CardForm({ buyer, delivery }: { buyer: Buyer; delivery: Delivery }) {
  const [cart] = useCart();
  const intent = usePaymentIntent(cart, buyer._id, delivery);
  const currency = useStoreCurrency();
  const { pay, paying, ready, free } = useCardPayment(intent.data, buyer, delivery);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void pay();
  };

  return (
    <form className="card-panel card-payment" aria-label="Card payment" onSubmit={submit}>
      {intent.data && currency && (
        <p className="card-payment-amount">
          Amount to pay: <strong>{formatMinorUnits(intent.data.amount, currency)}</strong>
        </p>
      )}
      {intent.error !== undefined && (
        <ErrorNotice message={errorMessage(intent.error, INIT_FAILED)} onRetry={intent.retry} />
      )}
      {free ? (
        <p className="card-payment-amount">Nothing to pay: no card is needed.</p>
      ) : (
        <fieldset className="card-payment-field">
          <legend>Card details</legend>
          <CardElement />
        </fieldset>
      )}
      <button type="submit" className="btn btn-primary" disabled={!ready || paying}>
        {paying ? 'Processing...' : free ? 'Place order' : 'Make Payment'}
      </button>
    </form>
  );
}
