import { toAppError } from '../../lib/errors.js';
import { checkoutOutcomes } from '../../lib/metrics.js';

/**
 * Counts how a placement ended (place-order or the webhook): placed, replayed (its order
 * existed), refused (a 4xx: sold out, a changed price, not paid…) or failed (a 5xx).
 */
export async function countPlacement<T extends { created: boolean }>(
  placing: Promise<T>,
): Promise<T> {
  try {
    const placed = await placing;
    checkoutOutcomes.inc({ outcome: placed.created ? 'placed' : 'replayed' });
    return placed;
  } catch (err) {
    checkoutOutcomes.inc({ outcome: toAppError(err).status < 500 ? 'refused' : 'failed' });
    throw err;
  }
}
