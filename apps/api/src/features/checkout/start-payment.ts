import type { CartItem, CreatePaymentIntentResponse } from '@shop/contracts';
import { badRequest } from '../../lib/errors.js';
import { ZERO } from '../../lib/money.js';
import { runSteps } from '../../lib/steps.js';
import type { Payments } from '../../lib/stripe.js';
import { normalCode } from '../discounts/index.js';
import { linesOf } from './cart.js';
import type { Checkout } from './checkout.js';
import { type Delivery, withCountryCode } from './delivery.js';
import {
  budgetsOf,
  type Hold,
  type HoldLimits,
  holdOf,
  refuseBeyondHolds,
  slotOf,
} from './holds.js';
import { type CartQuote, quoteCart, requireShippingChosen } from './pricing/quote.js';
import { snapshotOf } from './pricing/snapshot.js';
import { newCheckoutId } from './repository.js';
import { personOf, type Shopper, shopperEmail, shopperKey } from './shopper.js';
import { createPayment, recordFreePayment, recordPayment } from './steps/create-payment.js';
import { openCheckout } from './steps/open-checkout.js';
import { reserve } from './steps/reserve.js';

/** What a shopper asks to pay for: the cart, where it goes, how, and with which code. */
export interface PaymentAsk {
  cart: readonly CartItem[];
  delivery: Delivery;
  shippingMethod: string | null;
  discountCode: string | null;
}

/** A new open checkout of the quote, its reservation held as `hold` says. */
export function newCheckout(
  shopper: Shopper,
  ask: PaymentAsk,
  quote: CartQuote,
  hold: Hold,
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
    deliveryAddress: ask.delivery.address ? withCountryCode(ask.delivery.address) : null,
    saveAddress: ask.delivery.save ?? false,
    shippingMethodId: snapshot.shipping?.methodId ?? null,
    discountCode: normalCode(ask.discountCode),
    priced: snapshot,
    reservation: {
      key: _id,
      units: lines,
      discountIds: snapshot.discounts.map((d) => d._id),
      expiresAt: hold.expiresAt,
      person: personOf(shopper),
      holders: hold.holders,
    },
    heldSince: hold.heldSince,
    reserveAtPlacement: false,
    paymentIntentId: null,
    status: 'open',
    orderId: null,
  };
}

/** Who starts paying, from which client address, with the secret of their last checkout. */
export interface PaymentStarter {
  shopper: Shopper;
  address: string;
  checkoutSecret?: string | undefined;
}

/**
 * Starts a card payment for the cart: prices it (./pricing: database prices, the shipping method
 * chosen, taxes of the delivery country, the discounts; without an address, the store's own
 * country and no shipping), refusing a method not offered there or a code that does not apply
 * (400, the quote's reason), and refuses what the shopper may not hold (./holds.ts: 429 beyond
 * a budget or a hold's life, 409 for a line short), all before their previous checkout is
 * touched; then runs the steps, each beside its compensation:
 *
 *   openCheckout   ↔  ended as released (it replaced the shopper's previous one, given back)
 *   reserve        ↔  released: the budgets' parts, the codes' uses and the cart's units
 *   createPayment  ↔  cancelled: the PaymentIntent of the total, its metadata naming the checkout
 *   recordPayment     the checkout names its payment
 *
 * A total of 0 (a 100% code and pickup) makes no PaymentIntent: recordFreePayment names a
 * payment of nothing instead, which place-order places when the shopper asks. A total above 0
 * but under Stripe's smallest charge is refused (400, the quote's `totalRefusal`).
 *
 * A line others' checkouts and orders leave short is refused with 409 before any charge.
 * A guest gets their checkout's secret back, which their next start sends to replace it.
 */
export async function startPayment(
  payments: Payments,
  { shopper, address, checkoutSecret: sent }: PaymentStarter,
  ask: PaymentAsk,
  limits: HoldLimits,
): Promise<CreatePaymentIntentResponse> {
  const { delivery, shippingMethod, discountCode } = ask;
  const { slot, checkoutSecret, previous } = await slotOf(shopper, sent);
  const quote = await quoteCart(
    linesOf(ask.cart),
    delivery.address?.country ?? null,
    shippingMethod,
    // The use of the code the previous checkout holds is the shopper's own.
    {
      code: discountCode,
      shopper,
      paying: true,
      ...(previous ? { ownKey: previous.reservation.key } : {}),
    },
  );
  if (delivery.address) requireShippingChosen(quote, shippingMethod);
  if (quote.priced.refusal) throw badRequest(quote.priced.refusal);
  if (quote.totalRefusal) throw badRequest(quote.totalRefusal);
  const now = new Date();
  const { cooling, ...life } = holdOf(previous, limits, now);
  const budgets = budgetsOf(shopper, address, limits, cooling);
  const checkout = newCheckout(shopper, ask, quote, {
    ...life,
    holders: budgets.map((b) => b.id),
  });
  await refuseBeyondHolds(checkout, previous, budgets, limits, now);
  return runSteps(async (run) => {
    await run(openCheckout, { payments, checkout, slot });
    await run(reserve, { checkout, budgets });
    if (checkout.priced.total === ZERO) {
      return {
        clientSecret: '',
        amount: 0,
        paymentId: await run(recordFreePayment, checkout),
        ...(checkoutSecret ? { checkoutSecret } : {}),
      };
    }
    const intent = await run(createPayment, { payments, checkout });
    const clientSecret = await run(recordPayment, { checkout, intent });
    return {
      clientSecret,
      amount: checkout.priced.total,
      ...(checkoutSecret ? { checkoutSecret } : {}),
    };
  });
}
