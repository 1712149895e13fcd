import { storeSettings } from '../features/store/index.js';
import { inBatches } from './batches.js';
import type { Migration } from './migration.js';
import { productIdsWhere, storePricesInMinorUnits } from './products-as-stored.js';

/** Products converted at once: read together, written as one change of the catalogue. */
export const MONEY_BATCH = 100;

/**
 * The versions before money in minor units stored prices in major units (19.99). Every product
 * not marked `minorUnits` has its price and its variants' converted to integers of the store
 * currency's minor unit (1999), the currency they were priced in (STRIPE_CURRENCY seeds it), by
 * `_id`, a batch at a time, each marked in the same update (the mark goes in 009); one whose
 * prices changed meanwhile is read again. After 003, so that the one variant it gave a product
 * is converted with it.
 */
export const migration: Migration = {
  id: '004-product-prices-in-minor-units',
  name: "products' prices stored in minor units",
  async up(context) {
    const ids = await productIdsWhere({ minorUnits: { $exists: false } });
    if (ids.length === 0) return;
    const { currency } = await storeSettings();
    const converted = await inBatches(ids, MONEY_BATCH, context, (batch) =>
      storePricesInMinorUnits(batch, currency),
    );
    if (converted > 0) context.log.info(`${converted} products' prices stored in minor units`);
  },
};
