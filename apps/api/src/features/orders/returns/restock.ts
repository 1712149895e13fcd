import { restockOnce } from '../../products/index.js';
import { stockLinesOf } from '../order.js';
import { findStoredOrder } from '../repository/reads.js';
import {
  markRestockDone,
  type PendingRestock,
  pendingRestockOf,
  pendingRestocks,
} from '../repository/returns.js';

/**
 * A received return's units go back on the shelf in two writes, without a transaction: the
 * return's move records them as pending (one update), then each of its lines' variants gets
 * them once (`restockOnce`: the product remembers the return), then the return is marked done.
 * A crash anywhere leaves the restock pending: asking for `received` again, or the sweep of
 * unfinished work (../sweep.ts), finishes it, and running it twice restocks once.
 */

/** How long a restock stays pending before the sweep finishes it: its own call takes moments. */
export const RESTOCK_GRACE_MS = 60_000;
/** Restocks finished per sweep, oldest first; the next sweep takes the next ones. */
const BATCH = 20;

/** Puts the pending restock's units back, each on its order line's variant, once; marks it done. */
export async function finishRestock(pending: PendingRestock): Promise<void> {
  const order = await findStoredOrder(pending.orderId);
  if (order) {
    const stock = stockLinesOf(order.lines);
    const lines = pending.restock.flatMap(({ sku, quantity }) => {
      const line = stock[order.lines.findIndex((l) => l.variant?.sku === sku)];
      return line ? [{ ...line, quantity }] : [];
    });
    if (lines.length > 0) await restockOnce(pending._id, lines);
  }
  await markRestockDone(pending._id);
}

/** Finishes the return's restock if a call that died left it pending. */
export async function finishRestockOf(returnId: string): Promise<void> {
  const pending = await pendingRestockOf(returnId);
  if (pending) await finishRestock(pending);
}

/** Finishes the restocks pending for longer than RESTOCK_GRACE_MS by `now`: how many. */
export async function finishPendingRestocks(now = new Date()): Promise<number> {
  const pending = await pendingRestocks(new Date(now.getTime() - RESTOCK_GRACE_MS), BATCH);
  for (const restock of pending) await finishRestock(restock);
  return pending.length;
}
