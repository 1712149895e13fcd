import Stripe from 'stripe';
import type { Config } from '../../config.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';

export type StripeClient = Stripe;

/** What the payment use cases need: the client and the shop's currency. */
export interface Payments {
  stripe: StripeClient;
  currency: string;
}

/**
 * The one Stripe client of the app, or null when no secret key is configured (the shop
 * still runs; the payment calls answer 503). STRIPE_API_BASE points it at stripe-mock or
 * a test double instead of api.stripe.com.
 */
export function createStripeClient(
  config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'STRIPE_TIMEOUT_MS'>,
): StripeClient | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.STRIPE_SECRET_KEY, {
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
}

export const paymentsNotConfigured = () => new AppError(503, 'Card payments are not configured');

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
