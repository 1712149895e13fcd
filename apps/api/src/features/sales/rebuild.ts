import { addOrder, type CountedOrder, emptyDelta } from './figures.js';
import { forgetKeptFigures } from './read-figures.js';
import { figuresRebuilt, replaceFigures } from './repository.js';

/**
 * Recounts the figures from every order (one scan) and writes them whole. Changes landing
 * meanwhile may be lost or counted twice, so it is run where orders are not changing: at
 * start-up before serving, or by an admin on a quiet shop (`pnpm sales-rebuild`).
 */
export async function rebuildSalesFigures(orders: AsyncIterable<CountedOrder>) {
  const started = performance.now();
  const total = emptyDelta();
  let counted = 0;
  for await (const order of orders) {
    addOrder(total, order, 1);
    counted += 1;
  }
  await replaceFigures(total.days, total.statuses);
  forgetKeptFigures();
  return { orders: counted, days: total.days.size, ms: Math.round(performance.now() - started) };
}

/** A database whose figures were never rebuilt (made before the dashboard): rebuilt now. */
export async function rebuildSalesFiguresIfMissing(orders: () => AsyncIterable<CountedOrder>) {
  return (await figuresRebuilt()) ? null : rebuildSalesFigures(orders());
}
