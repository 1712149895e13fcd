import { discardDeliveries } from '../../lib/outbox/index.js';
import { SALES_FIGURES } from './counting.js';
import { addOrder, type CountedOrder, emptyDelta } from './figures.js';
import { forgetKeptFigures } from './read-figures.js';
import { figuresRebuilt, lastBatch, replaceFigures } from './repository.js';

/**
 * Recounts the figures from every order (one scan) and writes them whole. The order events not
 * counted yet are dropped first: the scan finds their changes in the orders. Changes landing
 * meanwhile may be lost or counted twice, so it is run where orders are not changing: at
 * start-up before serving, or by an admin on a quiet shop (`pnpm sales-rebuild`).
 */
export async function rebuildSalesFigures(orders: AsyncIterable<CountedOrder>) {
  const started = performance.now();
  await discardDeliveries(SALES_FIGURES);
  // The batches counted so far are in the scan too: the figures written count as of the last.
  const counted = (await lastBatch())?.number ?? 0;
  const total = emptyDelta();
  let scanned = 0;
  for await (const order of orders) {
    addOrder(total, order, 1);
    scanned += 1;
  }
  await replaceFigures(total.days, total.statuses, counted);
  forgetKeptFigures();
  return { orders: scanned, days: total.days.size, ms: Math.round(performance.now() - started) };
}

/** A database whose figures were never rebuilt (made before the dashboard): rebuilt now. */
export async function rebuildSalesFiguresIfMissing(orders: () => AsyncIterable<CountedOrder>) {
  return (await figuresRebuilt()) ? null : rebuildSalesFigures(orders());
}
