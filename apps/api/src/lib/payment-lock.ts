import { AppError } from './errors.js';
import { type Lease, withLock } from './locks.js';

/** The payment is being worked on elsewhere, or this work lost its lock: try again shortly. */
export const paymentBusy = () =>
  new AppError(503, 'This payment is being processed, please try again in a moment');

/** Whether `err` is the lock's refusal: the payment is being worked on elsewhere now. */
export const isPaymentBusy = (err: unknown) =>
  err instanceof AppError && err.message === paymentBusy().message;

/** How long a caller waits for the payment's lock before answering `paymentBusy` (503). */
const WAIT_MS = 20_000;

/**
 * One holder at a time, across all API processes, for what changes the order of a payment
 * over several calls to Stripe and the database: placing it (place-order, webhook, the sweep of
 * expired checkouts) and cancelling it. A placement and a cancellation cannot be one atomic
 * update (Stripe is outside the database), and a placement left half done by a dead process
 * must be told from one still running: the lease tells them apart. Every write to the order
 * carries the lease's fencing token, so a holder whose lease was taken over changes nothing
 * more (it answers 503). Busy after 20 s with a 503 (at once with `waitMs: 0`), so that a client
 * or Stripe tries again later.
 */
export const underPaymentLock = <T>(
  paymentIntentId: string,
  work: (lease: Lease) => Promise<T>,
  doneMeanwhile?: () => Promise<T | null>,
  { waitMs = WAIT_MS }: { waitMs?: number } = {},
) =>
  withLock(`payment:${paymentIntentId}`, work, {
    waitMs,
    busy: paymentBusy,
    ...(doneMeanwhile ? { doneMeanwhile } : {}),
  });
