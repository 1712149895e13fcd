import type Stripe from 'stripe';
import { AppError, toAppError } from '../../lib/errors.js';
import { callStripe, toPaymentProviderError } from './stripe-client.js';
import type { Payments } from './use-cases.js';

/** Authorized at checkout, not yet charged: the order decides whether it is captured. */
export const isAuthorized = (intent: Stripe.PaymentIntent) => intent.status === 'requires_capture';

/**
 * Charges an authorized payment. The idempotency key makes a second capture of the same
 * intent (a replay, an SDK retry) Stripe's cached answer instead of a new request.
 */
export async function capture(payments: Payments, intent: Stripe.PaymentIntent) {
  try {
    return await payments.stripe.paymentIntents.capture(
      intent.id,
      {},
      { idempotencyKey: `capture:${intent.id}` },
    );
  } catch (err) {
    const failure = toPaymentProviderError(err);
    const refused = new AppError(
      failure.status >= 500 ? 502 : 402,
      failure.status >= 500
        ? 'The payment provider is unavailable, the order was not placed; please try again'
        : 'The card could not be charged; the order was not placed',
    );
    refused.cause = err;
    throw refused;
  }
}

/**
 * Releases the authorization of a payment that will not become an order, so the shopper
 * is never charged for it, and says so in the refusal. A payment already captured (made
 * before authorization came first) cannot be released; its refusal stays as it was.
 */
export async function releasedRefusal(
  payments: Payments,
  intent: Stripe.PaymentIntent,
  err: unknown,
): Promise<AppError> {
  const refusal = toAppError(err);
  if (!isAuthorized(intent)) return refusal;
  await callStripe(() =>
    payments.stripe.paymentIntents.cancel(
      intent.id,
      { cancellation_reason: 'abandoned' },
      { idempotencyKey: `cancel:${intent.id}` },
    ),
  );
  return new AppError(refusal.status, `${refusal.message}; your card was not charged`);
}
