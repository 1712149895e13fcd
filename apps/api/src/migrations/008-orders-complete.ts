import { inBatches } from './batches.js';
import type { Migration } from './migration.js';
import { completeOrder, INCOMPLETE_ORDER, orderIdsWhere } from './orders-as-stored.js';

/** Orders completed at once. */
const BATCH = 100;

/**
 * Orders placed before shipping and taxes have no breakdown, before timelines no timeline,
 * before the outbox no events: each is given what it misses as its answers showed it until now
 * (see completeOrder), so every order has them and nothing reads an order without.
 */
export const migration: Migration = {
  id: '008-orders-complete',
  name: 'orders of earlier versions get their breakdown, timeline and events',
  async up(context) {
    const ids = await orderIdsWhere(INCOMPLETE_ORDER);
    const completed = await inBatches(ids, BATCH, context, (batch) =>
      Promise.all(batch.map(completeOrder)),
    );
    if (completed > 0) context.log.info(`${completed} orders given their breakdown and timeline`);
  },
};
