import { nameWithOptions } from '@shop/contracts';
import type Stripe from 'stripe';
import { AppError } from '../../../lib/errors.js';
import { createStep } from '../../../lib/steps.js';
import { callStripe, freePaymentId, type Payments, releasePayment } from '../../../lib/stripe.js';
import type { Checkout } from '../checkout.js';
import { setPaymentOf } from '../repository.js';

/** Stripe keeps at most 500 characters per metadata value. */
const METADATA_VALUE_LIMIT = 500;

/** What the payment is for, as a person reads it in Stripe's dashboard: "2 × Lamp, 1 × Desk". */
function summaryOf({ priced }: Checkout): string {
  const summary = priced.lines
    .map((line) => `${line.quantity} × ${nameWithOptions(line.name, line.options)}`)
    .join(', ');
  return summary.length <= METADATA_VALUE_LIMIT
    ? summary
    : `${summary.slice(0, METADATA_VALUE_LIMIT - 1)}…`;
}

/**
 * The PaymentIntent of the checkout: its total, to be authorized by the browser and captured
 * once the order exists. Its metadata names the checkout, which holds everything else; its
 * idempotency key makes a retried request the same payment. Cancelled when a later step fails.
 */
export const createPayment = createStep(
  'createPayment',
  async ({ payments, checkout }: { payments: Payments; checkout: Checkout }) =>
    callStripe(() =>
      payments.stripe.paymentIntents.create(
        {
          amount: checkout.priced.total,
          currency: checkout.priced.currency,
          automatic_payment_methods: { enabled: true },
          // Authorized only: the card is charged once the order exists (see place-order.ts).
          capture_method: 'manual',
          metadata: { checkoutId: checkout._id, summary: summaryOf(checkout) },
        },
        { idempotencyKey: `checkout:${checkout._id}` },
      ),
    ),
  async (intent, { payments }) => releasePayment(payments, intent.id),
);

/** The checkout names its payment, so that place-order and the webhook find it by it. */
export const recordPayment = createStep(
  'recordPayment',
  async ({ checkout, intent }: { checkout: Checkout; intent: Stripe.PaymentIntent }) => {
    if (!intent.client_secret) {
      throw new AppError(502, 'The payment provider is unavailable, please try again');
    }
    await setPaymentOf(checkout._id, intent.id);
    return intent.client_secret;
  },
);

/**
 * The checkout names a payment of nothing, for a total of 0: no PaymentIntent is made (Stripe
 * charges no such amount), and place-order places it when its shopper asks, with that id.
 */
export const recordFreePayment = createStep('recordFreePayment', async (checkout: Checkout) => {
  const paymentId = freePaymentId(checkout._id);
  await setPaymentOf(checkout._id, paymentId);
  return paymentId;
});
