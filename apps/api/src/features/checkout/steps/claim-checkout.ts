import { AppError } from '../../../lib/errors.js';
import { createStep } from '../../../lib/steps.js';
import { type Payments, releasePayment } from '../../../lib/stripe.js';
import type { Checkout } from '../checkout.js';
import { claimForPlacing, findCheckout, releaseCheckout } from '../repository.js';
import { releaseReservation } from './reserve.js';

/** The checkout was placed meanwhile, by the placement that held its payment's lock before. */
export class CheckoutPlacedMeanwhile extends Error {
  constructor(readonly orderId: string) {
    super('placed meanwhile');
  }
}

/**
 * Claims the checkout for this placement (under the payment's lock): from here on only a placer
 * of its payment ends its reservation, neither the shopper's next checkout nor the sweep. A
 * checkout that has ended (replaced by the shopper's next one, or expired) is refused with 409,
 * its payment given back first; one placed meanwhile (while this placement waited for the lock)
 * is told by CheckoutPlacedMeanwhile, its payment untouched. When a later step fails (the money given back by then), the
 * reservation is released and the checkout ended.
 */
export const claimCheckout = createStep(
  'claimCheckout',
  async ({
    payments,
    intent,
    checkout,
  }: {
    payments: Payments;
    intent: { id: string };
    checkout: Checkout;
  }) => {
    const claimed = await claimForPlacing(checkout._id);
    if (claimed) return claimed;
    const now = await findCheckout(checkout._id);
    if (now?.status === 'placed' && now.orderId) throw new CheckoutPlacedMeanwhile(now.orderId);
    const released = await releasePayment(payments, intent.id);
    const note =
      released === 'refunded' ? 'your payment was refunded' : 'your card was not charged';
    throw new AppError(
      409,
      `This checkout has ended (replaced by a newer one, or expired): start paying again; ${note}`,
    );
  },
  async ({ checkout }) => {
    await releaseReservation(checkout.reservation);
    await releaseCheckout(checkout._id, 'placing');
  },
);
