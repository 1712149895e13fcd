import type { CartItem, CreatePaymentIntentResponse } from '@shop/contracts';
import { AppError, badRequest } from '../../lib/errors.js';
import { callStripe, type Payments } from '../../lib/stripe.js';
import { cartMetadata, linesOf } from './cart.js';
import { type Delivery, deliveryMetadata, shippingMetadata } from './delivery.js';
import { discountMetadata, holdDiscountUses } from './discount-metadata.js';
import { shopperMetadata } from './guest-checkout.js';
import { holdCart } from './holds.js';
import { quoteCart, requireShippingChosen } from './quote.js';
import type { Shopper } from './shopper.js';

/**
 * Starts a card payment for the cart, to be authorized by the browser and captured by
 * placeOrder: the amount is the quote's total (./quote.ts: database prices, the shipping method
 * chosen, taxes of the delivery country), refused with 400 when the method is not offered for
 * the address. The PaymentIntent's metadata carries the buyer, the cart and the shipping method,
 * so that the order can later be placed and priced again from the payment alone (place-order
 * or webhook), with the delivery address when one is given (without one, the cart is priced
 * for the store's own country, without shipping). A discount code that does not apply is refused
 * with 400 and the quote's reason, before any charge; one that applies travels in the metadata,
 * with the hold of a use of each limited discount (see ./discount-metadata.ts). The cart's units
 * are held for the shopper for `holdSeconds` (./holds.ts) before the payment starts: a line that
 * other shoppers' holds or orders leave short is refused with 409, before any charge.
 */
export async function createPaymentIntent(
  payments: Payments,
  shopper: Shopper,
  cart: readonly CartItem[],
  delivery: Delivery = {},
  shippingMethod: string | null = null,
  discountCode: string | null,
  holdSeconds: number,
): Promise<CreatePaymentIntentResponse> {
  const quote = await quoteCart(linesOf(cart), delivery.address?.country ?? null, shippingMethod, {
    code: discountCode,
    shopper,
  });
  if (delivery.address) requireShippingChosen(quote, shippingMethod);
  if (quote.discounts.refusal) throw badRequest(quote.discounts.refusal);
  const { lines } = quote.priced;
  const amount = quote.priced.total;
  const discountHold = await holdDiscountUses(quote.discounts.applied);
  const hold = await holdCart(shopper, lines, holdSeconds).catch(discountHold.release);
  const intent = await callStripe(() =>
    payments.stripe.paymentIntents.create({
      amount,
      currency: quote.currency,
      automatic_payment_methods: { enabled: true },
      // Authorized only: the card is charged once the order exists (see placeOrder).
      capture_method: 'manual',
      metadata: {
        ...shopperMetadata(shopper),
        ...cartMetadata(lines),
        ...deliveryMetadata(delivery),
        ...shippingMetadata(
          quote.priced.shipping?.method._id ?? null,
          delivery.address ? quote.country : null,
        ),
        ...discountMetadata(discountCode),
        ...discountHold.metadata,
        ...hold.metadata,
      },
    }),
  ).catch(async (err: unknown) => {
    await hold.release();
    return discountHold.release(err);
  });
  if (!intent.client_secret) {
    throw new AppError(502, 'The payment provider is unavailable, please try again');
  }
  return { clientSecret: intent.client_secret, amount };
}
