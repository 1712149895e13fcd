import { createStep } from '../../../lib/steps.js';
import { releasePayment } from '../../../lib/stripe.js';
import type { Placement } from './placement.js';

/**
 * The browser authorized the payment with Stripe before the flow began: nothing is left to do
 * here but to say how the money goes back when a later step fails: the authorization
 * cancelled, or the charge refunded.
 */
export const authorizePayment = createStep(
  'authorizePayment',
  async ({ intent }: Placement) => intent.id,
  async (_id, { payments, intent }) => releasePayment(payments, intent.id),
);
