import type { CreatePaymentIntentResponse } from '@shop/contracts';
import { CardElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentIntentResult } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useCart } from '../../../lib/cart';
import { forgetDiscountCode, useDiscountCode } from '../../../lib/discount-code';
import { useSubmit } from '../../../lib/use-form';
import { type Buyer, placeOrder } from '../api/checkout-api';
import { forgetStartedPayments, placeOrderWrite } from '../api/checkout-writes';
import type { Delivery } from './use-delivery-address';

const PAID_AND_PLACED = 'Payment Successful & Order Placed!';
/** A total of 0: nothing was paid, so the spec's words for a payment would not be true. */
const PLACED_FREE = 'Order Placed Successfully';
const SOMETHING_WENT_WRONG = 'something went wrong';

/**
 * The card is authorized (`requires_capture`: the server charges it once the order is
 * recorded) or, for an intent captured before, charged (`succeeded`).
 */
const CONFIRMED: ReadonlySet<string> = new Set(['requires_capture', 'succeeded']);

/**
 * The confirmed PaymentIntent of a confirmation. A retry after a failed place-order
 * confirms an intent confirmed already: Stripe answers with an error that carries that
 * intent, and the order is placed from it instead of confirming the card again.
 */
function confirmed(result: PaymentIntentResult) {
  const intent = result.paymentIntent ?? result.error?.payment_intent;
  return intent && CONFIRMED.has(intent.status) ? intent : undefined;
}

function failureOf(result: PaymentIntentResult): string {
  if (result.error) return result.error.message ?? SOMETHING_WENT_WRONG;
  return `The payment was not completed (status: ${result.paymentIntent.status})`;
}

/** The order link's page in this app: its path and key, whatever origin the API named. */
const linkPath = (orderLink: string) => {
  const url = new URL(orderLink);
  return `${url.pathname}${url.search}`;
};

/** The card was not confirmed: why, in the provider's words. */
class NotConfirmed extends Error {
  override name = 'NotConfirmed';
}

/**
 * Confirms the card with the provider (billing name and email, spec §7), then places the
 * order (placeOrderWrite), empties the cart and goes home (a guest: to the order's page by its
 * link); an address the shopper saved to the profile is kept in the session too. `ready` is
 * false until Stripe.js, Elements and a client secret are all there; `paying` while the card is
 * confirmed and the order placed. A total of 0 (the payment started names a `paymentId`) asks
 * for no card: the order is placed with that payment, nothing charged.
 */
export function useCardPayment(
  intent: CreatePaymentIntentResponse | undefined,
  buyer: Buyer,
  delivery: Delivery,
) {
  const stripe = useStripe();
  const elements = useElements();
  const [cart, setCart] = useCart();
  const discountCode = useDiscountCode();
  const [auth, setAuth] = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const free = intent?.paymentId !== undefined;
  const ready = Boolean(intent && (free || (stripe && elements)));

  const place = (paymentIntent: { id: string; status: string }, amount: number) =>
    placeOrder({ cart, paymentIntent, amount, buyer, delivery, discountCode });

  const confirmAndPlace = async () => {
    if (intent?.paymentId !== undefined) {
      return place({ id: intent.paymentId, status: 'succeeded' }, intent.amount);
    }
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !intent) throw new NotConfirmed(SOMETHING_WENT_WRONG);
    const result = await stripe.confirmCardPayment(intent.clientSecret, {
      payment_method: {
        card,
        // A guest gave no name but the delivery address's.
        billing_details: { name: buyer.name || delivery.address.name, email: buyer.email },
      },
    });
    const paymentIntent = confirmed(result);
    if (!paymentIntent) throw new NotConfirmed(failureOf(result));
    return place(paymentIntent, intent.amount);
  };

  const placing = useSubmit(placeOrderWrite(confirmAndPlace), {
    onSuccess: ({ orderLink }) => {
      if (delivery.save && auth.user) {
        setAuth({ ...auth, user: { ...auth.user, deliveryAddress: delivery.address } });
      }
      setCart([]);
      forgetDiscountCode();
      forgetStartedPayments(queryClient);
      toast.success(free ? PLACED_FREE : PAID_AND_PLACED);
      // A guest has no account to find the order in: they go to its page by its link.
      navigate(delivery.email && orderLink ? linkPath(orderLink) : '/');
    },
    onFailure: (err) =>
      err instanceof NotConfirmed ? err.message : errorMessage(err, SOMETHING_WENT_WRONG),
  });

  const pay = () => (ready ? placing.run() : Promise.resolve());
  return { pay, paying: placing.busy, ready, free };
}
