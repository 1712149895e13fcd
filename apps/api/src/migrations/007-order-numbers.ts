import { nextOrderNumber } from '../features/orders/repository/numbers.js';
import { inBatches } from './batches.js';
import type { Migration } from './migration.js';
import { giveOrderNumber, orderIdsWhere } from './orders-as-stored.js';

/** Orders numbered at once, from one raise of the counter. */
const BATCH = 100;

/**
 * The versions before order numbers stored none. Every order without one gets the next, oldest
 * first, a batch at a time from the orders' one counter, each by one update made only while it
 * still has none (a number a process of the previous version gave meanwhile stays; the one
 * taken here is left unused).
 */
export const migration: Migration = {
  id: '007-order-numbers',
  name: 'orders without a number get theirs, oldest first',
  async up(context) {
    const ids = await orderIdsWhere({ number: { $exists: false } }, { oldestFirst: true });
    const numbered = await inBatches(ids, BATCH, context, async (batch) => {
      const first = await nextOrderNumber(batch.length);
      return Promise.all(batch.map((id, i) => giveOrderNumber(id, first + i)));
    });
    if (numbered > 0) context.log.info(`${numbered} orders given their number`);
  },
};
