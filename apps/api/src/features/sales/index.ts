/** Sales figures' public module: what the composition root, the start-up and scripts use. */
export { countDueChanges, SALES_FIGURES, startCountingOrderEvents } from './counting.js';
export type { CountedOrder } from './figures.js';
export { rebuildSalesFigures, rebuildSalesFiguresIfMissing } from './rebuild.js';
