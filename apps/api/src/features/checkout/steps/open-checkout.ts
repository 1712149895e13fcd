import { conflict } from '../../../lib/errors.js';
import { createStep } from '../../../lib/steps.js';
import { type Payments, releasePayment } from '../../../lib/stripe.js';
import type { Checkout } from '../checkout.js';
import { insertOpenCheckout, releaseCheckout, releaseOpenCheckoutIn } from '../repository.js';
import { releaseReservation } from './reserve.js';

/** How often a new checkout ends the shopper's open one and tries again before giving up. */
const ATTEMPTS = 3;

/**
 * What a checkout that ended without an order still holds is given back: its reservation, and
 * its payment's authorization (best effort: an authorization left is released by Stripe when it
 * expires, and cannot be captured, its checkout being ended).
 */
export async function giveBackCheckout(payments: Payments, checkout: Checkout): Promise<void> {
  await releaseReservation(checkout.reservation);
  if (checkout.paymentIntentId) {
    await releasePayment(payments, checkout.paymentIntentId).catch(() => {});
  }
}

/**
 * Records the checkout as the open one of its slot (see ../holds.ts): a slot has one open
 * checkout at a time, so the previous one (another tab, an earlier cart) is ended first and its
 * reservation and payment given back. Ended as released when a later step fails.
 */
export const openCheckout = createStep(
  'openCheckout',
  async ({
    payments,
    checkout,
    slot,
  }: {
    payments: Payments;
    checkout: Checkout;
    slot: string;
  }) => {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      if ((await insertOpenCheckout(checkout, slot)) === 'opened') return checkout;
      const previous = await releaseOpenCheckoutIn(slot);
      if (previous) await giveBackCheckout(payments, previous);
    }
    // Another checkout of the shopper opened each time in between: they are starting in a loop.
    throw conflict('Another payment of yours is starting; try again in a moment');
  },
  async (checkout) => {
    await releaseCheckout(checkout._id, 'open');
  },
);
