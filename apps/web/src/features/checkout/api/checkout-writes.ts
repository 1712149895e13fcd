import {
  hashKey,
  type MutationKey,
  mutationOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { CartEntry } from '../../../lib/cart';
import { ACCOUNT_READS, invalidate } from '../../../lib/query';
import { productQueries } from '../../products';
import { linesOf } from '../hooks/quoted-total';
import type { Delivery } from '../hooks/use-delivery-address';
import { createPaymentIntent } from './checkout-api';
import { forgetCheckoutSecret, keepCheckoutSecret, keptCheckoutSecret } from './checkout-secret';

/** What a payment is started for: the cart, where it goes and how, the code, and who pays. */
export interface PaymentInputs {
  cart: readonly CartEntry[];
  delivery: Delivery;
  discountCode: string | null;
  /** The account paying; '' for a guest, whom `delivery.email` names. */
  buyerId: string;
}

/** `['checkout', 'payment']`: the payments this tab started, each keyed by its inputs. */
export const PAYMENT_STARTS = ['checkout', 'payment'] as const;

/**
 * The key of the payment for these inputs: the buyer (a guest by e-mail), every line (its
 * variant too), the address, the shipping method and the discount code. Not the box that
 * saves the address on the profile: ticking it starts no new payment.
 */
const paymentKeyOf = ({ cart, delivery, discountCode, buyerId }: PaymentInputs) =>
  [
    ...PAYMENT_STARTS,
    {
      buyerId,
      email: delivery.email ?? null,
      lines: linesOf(cart),
      address: delivery.address,
      shippingMethod: delivery.shippingMethod ?? null,
      discountCode,
    },
  ] as const;

/**
 * How long a payment started is kept for a card form shown again with the same inputs (the
 * shopper went to another page and came back): the mutation cache's time before it drops a
 * mutation no screen shows. Well within the server's hold of its units (15 minutes by
 * default); after it, the form starts a payment again, which renews the hold.
 */
const PAYMENT_KEPT_MS = 5 * 60_000;

/**
 * Starting a payment (create-payment-intent): it holds the cart's units while the shopper
 * pays, so every product read (their stock) is read again. A guest's start replaces their last
 * checkout by its secret, and keeps the one answered for the next.
 */
export const startPaymentWrite = (inputs: PaymentInputs) =>
  mutationOptions({
    mutationKey: paymentKeyOf(inputs),
    mutationFn: () =>
      createPaymentIntent(
        inputs.cart,
        inputs.delivery,
        inputs.discountCode,
        inputs.buyerId ? null : keptCheckoutSecret(),
      ),
    onSuccess: (payment, _variables, _result, { client }) => {
      keepCheckoutSecret(payment.checkoutSecret);
      return invalidate(client, [productQueries.all]);
    },
    gcTime: PAYMENT_KEPT_MS,
  });

/** A payment's key as compared: its hash, as TanStack Query matches keys. */
export const paymentHashOf = (key: MutationKey | undefined) => (key ? hashKey(key) : '');

/**
 * Whether the payment this tab started last is for `hash`'s inputs and has not failed: a card
 * form shown again takes it up instead of starting another for the same inputs, as does one
 * shown while it is on its way. An earlier one (another cart, address, method or code came
 * after it) is not taken up again: the server holds units for a shopper's last payment only.
 */
export function paymentStarted(client: QueryClient, hash: string): boolean {
  const last = client.getMutationCache().findAll({ mutationKey: PAYMENT_STARTS }).at(-1);
  return (
    last !== undefined &&
    paymentHashOf(last.options.mutationKey) === hash &&
    last.state.status !== 'error'
  );
}

/**
 * Forgets the payments started, and a guest checkout's secret: once one is paid, the same cart
 * bought again starts another.
 */
export function forgetStartedPayments(client: QueryClient) {
  const cache = client.getMutationCache();
  for (const started of cache.findAll({ mutationKey: PAYMENT_STARTS })) cache.remove(started);
  forgetCheckoutSecret();
}

/**
 * Placing the order once the card is confirmed (`pay`): the units sold leave every product
 * read's stock, and the order joins the buyer's own reads.
 */
export const placeOrderWrite = <Placed>(pay: () => Promise<Placed>) =>
  mutationOptions({
    mutationFn: pay,
    onSuccess: (_placed, _variables, _result, { client }) =>
      invalidate(client, [productQueries.all, ACCOUNT_READS]),
  });
