import { inBatches } from './batches.js';
import type { Migration } from './migration.js';
import { giveOnlyVariants, productIdsWhere } from './products-as-stored.js';

/** Products given their variant at once: read together, written as one change of the catalogue. */
export const VARIANT_BATCH = 100;

/**
 * The versions before variants stored one price and one stock per product. Each such product
 * becomes one variant of its own id (so order lines and carts naming the product name it), its
 * price and its stock, SKU its slug, by `_id`, a batch at a time; a checkout changing its stock
 * meanwhile makes its update miss, and it is read again.
 */
export const migration: Migration = {
  id: '003-products-one-variant',
  name: 'products without variants become one variant of their price and stock',
  async up(context) {
    const ids = await productIdsWhere({ variants: { $exists: false } });
    const given = await inBatches(ids, VARIANT_BATCH, context, giveOnlyVariants);
    if (given > 0) context.log.info(`${given} products given their one variant`);
  },
};
