import { inBatches } from './batches.js';
import type { Migration } from './migration.js';
import { dropOrdersIndex, markRefundsListed, orderIdsWhere } from './orders-as-stored.js';

/** Orders changed at once. */
const BATCH = 100;

/**
 * The sweep of refunds a crash left pending (features/orders/refund-sweep.ts) finds its orders
 * by a mark (`refundsListed: 1`) instead of by their list of pending refunds, which the embedded
 * FerretDB answered by reading every order, twice a minute per process (1.5 s at 10,000
 * orders of 2.5 KB). Orders listing a pending refund are marked here, and the list's index, which
 * answered nothing else, is dropped (every index is one more to write at each order's change).
 */
export const migration: Migration = {
  id: '023-orders-listing-refunds-marked',
  name: 'orders listing pending refunds marked for their sweep',
  async up(context) {
    const ids = await orderIdsWhere({ 'pendingRefunds.0': { $exists: true } });
    const marked = await inBatches(ids, BATCH, context, (batch) =>
      Promise.all(batch.map(markRefundsListed)),
    );
    if (marked > 0)
      context.log.info(`${marked} orders listing pending refunds marked for their sweep`);
    if (await dropOrdersIndex('pendingRefunds_1')) {
      context.log.info('the index of pending refunds dropped');
    }
  },
};
