import { inBatches } from './batches.js';
import type { Migration } from './migration.js';
import { orderIdsWhere, storeOrderPricesInMinorUnits } from './orders-as-stored.js';

/** Orders converted at once. */
const BATCH = 100;

/**
 * The versions before money in minor units stored order lines' prices in major units (19.99;
 * the payment's amount was in minor units already). Every order not marked `minorUnits` has its
 * lines' prices converted to integers of the minor unit of the currency it was paid in, each
 * order by one update marking it (the mark goes in 009).
 */
export const migration: Migration = {
  id: '006-order-prices-in-minor-units',
  name: "orders' prices stored in minor units",
  async up(context) {
    const ids = await orderIdsWhere({ minorUnits: { $exists: false } });
    const converted = await inBatches(ids, BATCH, context, (batch) =>
      Promise.all(batch.map(storeOrderPricesInMinorUnits)),
    );
    if (converted > 0) context.log.info(`${converted} orders' prices stored in minor units`);
  },
};
