import type { CartItem, CreatePaymentIntentResponse, User } from '@shop/contracts';
import { AppError } from '../../lib/errors.js';
import { callStripe, type Payments } from '../../lib/stripe.js';
import { storeSettings } from '../store/index.js';
import { amountOf, assertInStock, cartMetadata, linesOf, priceLines } from './cart.js';
import { type Delivery, deliveryMetadata } from './delivery.js';

/**
 * Starts a card payment for the cart, to be authorized by the browser and captured by
 * placeOrder: the amount comes from database prices and the cart's quantities, in the store's
 * currency, and the
 * PaymentIntent's metadata carries the buyer and the cart so that the order can later be
 * placed from the payment alone (place-order or webhook), with the delivery address when
 * one is given. Nothing is taken from stock yet: a cart that is sold out now is refused with
 * 409.
 */
export async function createPaymentIntent(
  payments: Payments,
  buyer: User,
  cart: readonly CartItem[],
  delivery: Delivery = {},
): Promise<CreatePaymentIntentResponse> {
  const lines = await priceLines(linesOf(cart));
  assertInStock(lines);
  const { currency } = await storeSettings();
  const amount = amountOf(lines, currency);
  const intent = await callStripe(() =>
    payments.stripe.paymentIntents.create({
      amount,
      currency,
      automatic_payment_methods: { enabled: true },
      // Authorized only: the card is charged once the order exists (see placeOrder).
      capture_method: 'manual',
      metadata: { buyer: buyer._id, ...cartMetadata(lines), ...deliveryMetadata(delivery) },
    }),
  );
  if (!intent.client_secret) {
    throw new AppError(502, 'The payment provider is unavailable, please try again');
  }
  return { clientSecret: intent.client_secret, amount };
}
