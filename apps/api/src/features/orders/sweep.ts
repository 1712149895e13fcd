import { runRegularly } from '../../lib/regularly.js';
import type { Payments } from '../../lib/stripe.js';
import { sweepStaleRefunds } from './refund-sweep.js';
import { finishPendingRestocks } from './returns/restock.js';

/**
 * Finishes, in whichever process runs it, what a crash left half done on orders: refunds held
 * but never sent to Stripe (./refund-sweep.ts) and returns' restocks recorded but not put back
 * (./returns/restock.ts). Each is finished once however many processes sweep.
 */

const SWEEP_EVERY_MS = 30_000;

/** One sweep: the stale refunds (when the shop takes card payments), then the pending restocks. */
export async function sweepUnfinished(
  payments: Payments | null,
  now = new Date(),
  onError: (err: unknown) => void = () => {},
): Promise<void> {
  if (payments) await sweepStaleRefunds(payments, now, onError);
  await finishPendingRestocks(now);
}

/** Sweeps every SWEEP_EVERY_MS in this process; the answer stops it, once a sweep under way ended. */
export const sweepUnfinishedRegularly = (
  payments: Payments | null,
  onError: (err: unknown) => void,
) => runRegularly(SWEEP_EVERY_MS, () => sweepUnfinished(payments, new Date(), onError), onError);
