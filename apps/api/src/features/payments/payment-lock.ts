import { AppError } from '../../lib/errors.js';
import { withLock } from '../../lib/locks.js';

/**
 * One holder at a time, across all API processes, for everything that changes the order of
 * a payment: placing it (place-order, webhook) and cancelling it. Busy after 20 s with a
 * 503, so that a client or Stripe tries again later.
 */
export const underPaymentLock = <T>(
  paymentIntentId: string,
  work: () => Promise<T>,
  doneMeanwhile?: () => Promise<T | null>,
) =>
  withLock(`payment:${paymentIntentId}`, work, {
    waitMs: 20_000,
    busy: () => new AppError(503, 'This payment is being processed, please try again in a moment'),
    ...(doneMeanwhile ? { doneMeanwhile } : {}),
  });
