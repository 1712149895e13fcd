import { conflict } from '../../../lib/errors.js';
import { createStep } from '../../../lib/steps.js';
import type { Checkout, PricedSnapshot } from '../checkout.js';
import { countryCodeOf } from '../delivery.js';
import { quoteCart, requireShippingChosen } from '../pricing/quote.js';
import { snapshotOf } from '../pricing/snapshot.js';
import type { Placement } from './placement.js';

const MISMATCH = 'The payment does not match the price of the cart; the order was not placed';

/**
 * What the order costs when place-order names an address in another country than the one the
 * checkout was priced for: the cart priced again there (its shipping method must be offered
 * there, 400); the checkout's own snapshot otherwise.
 */
async function pricedFor(checkout: Checkout, country: string): Promise<PricedSnapshot> {
  if (countryCodeOf(country) === checkout.priced.country) return checkout.priced;
  const quote = await quoteCart(checkout.lines, country, checkout.shippingMethodId, {
    code: checkout.discountCode,
    shopper: null,
    ownKey: checkout.reservation.key,
  });
  requireShippingChosen(quote, checkout.shippingMethodId);
  const sameDiscounts =
    quote.priced.discounts.map((d) => d._id).join() === checkout.reservation.discountIds.join();
  if (!sameDiscounts) throw conflict(MISMATCH);
  return snapshotOf(quote);
}

/**
 * The payment Stripe authorized, checked against what the checkout priced (its currency and
 * total, for the country the order goes to): refused with 409 when it differs (a tampered
 * amount, another country's taxes). What the order records is answered.
 */
export const verifyPayment = createStep(
  'verifyPayment',
  async ({ intent, checkout, deliveryAddress }: Placement): Promise<PricedSnapshot> => {
    const priced = await pricedFor(checkout, deliveryAddress.country);
    if (intent.currency !== priced.currency || intent.amount !== priced.total) {
      throw conflict(MISMATCH);
    }
    return priced;
  },
);
