import { type CountedOrder, deltaOf, isEmptyDelta } from './figures.js';
import { forgetKeptFigures } from './read-figures.js';
import { applyDelta } from './repository.js';

/**
 * Moves the figures by one order write that landed: `before` is the order as that write found
 * it (the one answer of an atomic find-and-update, so two writes racing on one order each see
 * their own `before`, and a write that matched nothing is never counted), `after` as it left
 * it; null for no order.
 *
 * The order's write and this one are two writes: a process that dies between them leaves this
 * change out of the figures (never counts it twice) until a rebuild (`pnpm sales-rebuild`).
 * A failure here is logged, not thrown: the order's change stands, and its caller's answer
 * must say so.
 */
export async function countOrderChange(
  before: CountedOrder | null,
  after: CountedOrder | null,
): Promise<void> {
  const delta = deltaOf(before, after);
  if (isEmptyDelta(delta)) return;
  try {
    await applyDelta(delta);
  } catch (err) {
    console.error(
      'sales figures: an order change was not counted (run `pnpm sales-rebuild`):',
      (err as Error).message,
    );
  } finally {
    forgetKeptFigures();
  }
}
