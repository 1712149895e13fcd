import type Stripe from 'stripe';
import { AppError } from '../../lib/errors.js';
import {
  callStripe,
  isFreePayment,
  type Payments,
  toPaymentProviderError,
} from '../../lib/stripe.js';

/**
 * A payment as the placement reads it: Stripe's PaymentIntent, or the shop's own payment of
 * nothing (freePaymentOf).
 */
export type PaymentState = Pick<Stripe.PaymentIntent, 'id' | 'status' | 'amount' | 'currency'>;

/**
 * The payment of nothing of a checkout whose total is 0, as Stripe would tell a PaymentIntent:
 * `succeeded` (as good as paid: nothing is to be charged) once its shopper asked to place it,
 * else still waiting for them, as an intent whose card was not confirmed.
 */
export const freePaymentOf = (
  checkout: { paymentIntentId: string | null; priced: { currency: string } },
  askedToPlace: boolean,
): PaymentState => ({
  id: checkout.paymentIntentId ?? '',
  status: askedToPlace ? 'succeeded' : 'requires_confirmation',
  amount: 0,
  currency: checkout.priced.currency,
});

/** Authorized at checkout, not yet charged: the order decides whether it is captured. */
export const isAuthorized = (intent: Pick<Stripe.PaymentIntent, 'status'>) =>
  intent.status === 'requires_capture';

/**
 * Charges an authorized payment. The idempotency key makes a second capture of the same
 * intent (a replay, an SDK retry after a lost answer) Stripe's cached answer instead of a
 * new charge.
 */
export async function capture(payments: Payments, intent: Pick<Stripe.PaymentIntent, 'id'>) {
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
        ? 'The payment provider is unavailable, the order was not placed'
        : 'The card could not be charged; the order was not placed',
    );
    refused.cause = err;
    throw refused;
  }
}

/**
 * Whether any of a captured payment's money went back. A capture whose answers were all lost
 * is refunded by the checkout's compensation, and Stripe still reports the payment as
 * `succeeded` (then sends `payment_intent.succeeded`): such a payment must not become an order.
 */
export async function wasRefunded(payments: Payments, paymentIntentId: string): Promise<boolean> {
  if (isFreePayment(paymentIntentId)) return false;
  const refunds = await callStripe(() =>
    payments.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 1 }),
  );
  return refunds.data.length > 0;
}
