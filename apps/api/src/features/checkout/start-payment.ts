import type { CartItem, CreatePaymentIntentResponse } from '@shop/contracts';
import { badRequest } from '../../lib/errors.js';
import { runSteps } from '../../lib/steps.js';
import type { Payments } from '../../lib/stripe.js';
import { normalCode } from '../discounts/index.js';
import { linesOf } from './cart.js';
import type { Checkout } from './checkout.js';
import type { Delivery } from './delivery.js';
import { type CartQuote, quoteCart, requireShippingChosen } from './pricing/quote.js';
import { snapshotOf } from './pricing/snapshot.js';
import { newCheckoutId } from './repository.js';
import { personOf, type Shopper, shopperEmail, shopperKey } from './shopper.js';
import { createPayment, recordPayment } from './steps/create-payment.js';
import { openCheckout } from './steps/open-checkout.js';
import { reserve } from './steps/reserve.js';

/** What a shopper asks to pay for: the cart, where it goes, how, and with which code. */
export interface PaymentAsk {
  cart: readonly CartItem[];
  delivery: Delivery;
  shippingMethod: string | null;
  discountCode: string | null;
}

/** A new open checkout of the quote, its reservation until `holdSeconds` from now. */
export function newCheckout(
  shopper: Shopper,
  ask: PaymentAsk,
  quote: CartQuote,
  holdSeconds: number,
): Checkout {
  const _id = newCheckoutId();
  const snapshot = snapshotOf(quote);
  const lines = snapshot.lines.map(({ productId, variantId, quantity }) => ({
    productId,
    variantId,
    quantity,
  }));
  return {
    _id,
    shopper: {
      key: shopperKey(shopper),
      accountId: shopper.kind === 'account' ? shopper.user._id : null,
      email: shopperEmail(shopper).trim().toLowerCase(),
    },
    lines,
    deliveryAddress: ask.delivery.address ?? null,
    saveAddress: ask.delivery.save ?? false,
    shippingMethodId: snapshot.shipping?.methodId ?? null,
    discountCode: normalCode(ask.discountCode),
    priced: snapshot,
    reservation: {
      key: _id,
      units: lines,
      discountIds: snapshot.discounts.map((d) => d._id),
      expiresAt: new Date(Date.now() + holdSeconds * 1000),
      person: personOf(shopper),
    },
    reserveAtPlacement: false,
    paymentIntentId: null,
    status: 'open',
    orderId: null,
  };
}

/**
 * Starts a card payment for the cart: prices it (./pricing: database prices, the shipping method
 * chosen, taxes of the delivery country, the discounts; without an address, the store's own
 * country and no shipping), refusing a method not offered there or a code that does not apply
 * (400, the quote's reason), then runs the steps, each beside its compensation:
 *
 *   openCheckout   ↔  ended as released (it replaced the shopper's previous one, given back)
 *   reserve        ↔  released: the cart's units and the codes' uses, until the hold's expiry
 *   createPayment  ↔  cancelled: the PaymentIntent of the total, its metadata naming the checkout
 *   recordPayment     the checkout names its payment
 *
 * A line others' checkouts and orders leave short is refused with 409 before any charge.
 */
export async function startPayment(
  payments: Payments,
  shopper: Shopper,
  ask: PaymentAsk,
  holdSeconds: number,
): Promise<CreatePaymentIntentResponse> {
  const { delivery, shippingMethod, discountCode } = ask;
  const quote = await quoteCart(
    linesOf(ask.cart),
    delivery.address?.country ?? null,
    shippingMethod,
    {
      code: discountCode,
      shopper,
    },
  );
  if (delivery.address) requireShippingChosen(quote, shippingMethod);
  if (quote.priced.refusal) throw badRequest(quote.priced.refusal);
  const checkout = newCheckout(shopper, ask, quote, holdSeconds);
  return runSteps(async (run) => {
    await run(openCheckout, { payments, checkout });
    await run(reserve, checkout);
    const intent = await run(createPayment, { payments, checkout });
    const clientSecret = await run(recordPayment, { checkout, intent });
    return { clientSecret, amount: checkout.priced.total };
  });
}
