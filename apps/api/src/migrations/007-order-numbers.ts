import { nextOrderNumber } from '../features/orders/repository/numbers.js';
import { inBatches, type Outcome } from './batches.js';
import type { Migration } from './migration.js';
import { giveOrderNumber, orderIdsWhere } from './orders-as-stored.js';

/** Orders numbered at once, from one raise of the counter. */
const BATCH = 100;

/**
 * The versions before order numbers stored none. Every order without one gets the next, oldest
 * first, a batch at a time from the orders' one counter, each by one update made only while it
 * still has none (a number a process of the previous version gave meanwhile stays; the one
 * taken here is left unused). One after another: an order found numbered meanwhile (another run
 * got there first) sends the rest of the batch to numbers taken from the counter after it, so
 * that however many run at once, each order's number is above every older one's.
 */
export const migration: Migration = {
  id: '007-order-numbers',
  name: 'orders without a number get theirs, oldest first',
  async up(context) {
    const ids = await orderIdsWhere({ number: { $exists: false } }, { oldestFirst: true });
    const numbered = await inBatches(ids, BATCH, context, async (batch) => {
      const outcomes: Outcome[] = [];
      let next = await nextOrderNumber(batch.length);
      for (const [i, id] of batch.entries()) {
        const outcome = await giveOrderNumber(id, next);
        outcomes.push(outcome);
        next += 1;
        const left = batch.length - i - 1;
        if (outcome === 'done before' && left > 0) next = await nextOrderNumber(left);
      }
      return outcomes;
    });
    if (numbered > 0) context.log.info(`${numbered} orders given their number`);
  },
};
