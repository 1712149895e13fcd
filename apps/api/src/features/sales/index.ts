/** Sales figures' public module: what other features, the start-up and scripts may use. */
export { countOrderChange } from './count.js';
export type { CountedOrder } from './figures.js';
export { rebuildSalesFigures, rebuildSalesFiguresIfMissing } from './rebuild.js';
