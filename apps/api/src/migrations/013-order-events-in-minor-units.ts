import { inBatches } from './batches.js';
import type { Migration } from './migration.js';
import { orderEventsInMajorUnits, storeEventPricesInMinorUnits } from './outbox-as-stored.js';

/** Deliveries converted at once. */
const BATCH = 100;

/**
 * The versions before typed money published an order's lines with their unit prices in major
 * units (`price: 19.99`), which the sales figures converted as they counted them; they now read
 * `unitPrice` in minor units, as the order stores it. The order events such a version left
 * waiting in the outbox (a subscriber that had not counted them yet) are stated so, each by one
 * update that takes their `price` away.
 */
export const migration: Migration = {
  id: '013-order-events-in-minor-units',
  name: "waiting order events' line prices stated in minor units",
  async up(context) {
    const ids = await orderEventsInMajorUnits();
    const converted = await inBatches(ids, BATCH, context, (batch) =>
      Promise.all(batch.map(storeEventPricesInMinorUnits)),
    );
    if (converted > 0) {
      context.log.info(`${converted} waiting order events' line prices stated in minor units`);
    }
  },
};
