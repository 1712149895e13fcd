import Stripe from 'stripe';
import type { Config } from '../config.js';
import { AppError, badRequest, notFound } from './errors.js';

/**
 * Stripe, the payment provider: infrastructure that two features use, the checkout (it
 * authorizes and captures) and orders (a cancellation gives the money back). It lives in lib/
 * so that neither feature imports the other for it; what only the checkout does with Stripe
 * (capturing, reading refunds) stays in features/checkout.
 */

export type StripeClient = Stripe;

/** What the payment use cases need: the client (the currency is the store's, see features/store). */
export interface Payments {
  stripe: StripeClient;
}

/**
 * The one Stripe client of the app, or null when no secret key is
 * configured (the shop still runs; the payment calls answer 503). STRIPE_API_BASE points it at
 * stripe-mock or a test double instead of api.stripe.com.
 */
export function createPayments(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'STRIPE_TIMEOUT_MS'>,
): Payments | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: config.STRIPE_TIMEOUT_MS,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (protocol === 'http' ? 80 : 443),
          protocol,
        }
      : {}),
  });
  return { stripe };
}

export const paymentsNotConfigured = () => new AppError(503, 'Card payments are not configured');

/** The payments, or 503 when the shop runs without card payments. */
export function requirePayments(payments: Payments | null): Payments {
  if (!payments) throw paymentsNotConfigured();
  return payments;
}

/** Turns what the Stripe SDK throws into the app's one error type. */
export function toPaymentProviderError(err: unknown): AppError {
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    if (err.statusCode === 404) return notFound('Payment not found');
    return badRequest(`The payment provider refused the request: ${err.message}`);
  }
  if (err instanceof Stripe.errors.StripeCardError) return new AppError(402, err.message);
  const unavailable = new AppError(502, 'The payment provider is unavailable, please try again');
  // Kept for the error log: the client only ever sees the message above.
  unavailable.cause = err;
  return unavailable;
}

/** Calls Stripe, answering its failures as AppErrors instead of 500s. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toPaymentProviderError(err);
  }
}

/** Statuses Stripe lets a PaymentIntent be cancelled from: nothing was charged yet. */
const CANCELABLE: ReadonlySet<string> = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
  'processing',
]);

export type Release = 'canceled' | 'refunded' | 'nothing to release';

const isAlreadyRefunded = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded';

/**
 * The metadata key naming the shop's own refunds (a refund's id, or `release` for a payment
 * given back whole): a refund without it was made in Stripe's dashboard.
 */
export const SHOP_REFUND = 'shop_refund';

/**
 * Gives back `amount` (minor units) of a captured payment: the shop's refund `refundId`, which
 * its metadata names and its idempotency key is made of, so that asking again is Stripe's
 * cached answer. Stripe's refund id.
 */
export async function refundPayment(
  payments: Payments,
  paymentIntentId: string,
  amount: number,
  refundId: string,
): Promise<string> {
  const refund = await callStripe(() =>
    payments.stripe.refunds.create(
      { payment_intent: paymentIntentId, amount, metadata: { [SHOP_REFUND]: refundId } },
      { idempotencyKey: `refund:${refundId}` },
    ),
  );
  return refund.id;
}

/** The refunds of a payment, newest first (at most 100: far more than any order has). */
export async function refundsOf(payments: Payments, paymentIntentId: string) {
  const { data } = await callStripe(() =>
    payments.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }),
  );
  return data.map((refund) => ({
    id: refund.id,
    amount: refund.amount,
    status: refund.status,
    reason: refund.reason,
    shopRefund: refund.metadata?.[SHOP_REFUND] ?? null,
  }));
}

/**
 * A payment of nothing (a total of 0): Stripe charges no such amount and never sees it; its id
 * is the shop's own, `free_<what it pays for>`, so that what is keyed by a payment (an order, a
 * lock, a checkout) is keyed alike.
 */
export const freePaymentId = (paidFor: string) => `free_${paidFor}`;
export const isFreePayment = (paymentId: string) => paymentId.startsWith('free_');

/**
 * Gives the buyer's money back, whatever became of the payment: an authorization is
 * cancelled, a captured payment refunded, and one already cancelled is left alone. Asks
 * Stripe for the status first, since the caller's copy may be stale (a capture whose answer
 * was lost). Idempotency keys make a repeated release Stripe's cached answer. A payment of
 * nothing has nothing to release.
 */
export async function releasePayment(
  payments: Payments,
  paymentIntentId: string,
): Promise<Release> {
  if (isFreePayment(paymentIntentId)) return 'nothing to release';
  const intent = await callStripe(() => payments.stripe.paymentIntents.retrieve(paymentIntentId));
  if (intent.status === 'succeeded') {
    try {
      await payments.stripe.refunds.create(
        { payment_intent: intent.id, metadata: { [SHOP_REFUND]: 'release' } },
        { idempotencyKey: `refund:${intent.id}` },
      );
    } catch (err) {
      // Refunded already, from Stripe's dashboard say: the money is back, as a release wants.
      if (!isAlreadyRefunded(err)) throw toPaymentProviderError(err);
    }
    return 'refunded';
  }
  if (!CANCELABLE.has(intent.status)) return 'nothing to release';
  await callStripe(() =>
    payments.stripe.paymentIntents.cancel(
      intent.id,
      { cancellation_reason: 'abandoned' },
      { idempotencyKey: `cancel:${intent.id}` },
    ),
  );
  return 'canceled';
}
