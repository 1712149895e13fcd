import { everyOrder } from '../features/orders/index.js';
import { rebuildSalesFiguresIfMissing } from '../features/sales/index.js';
import type { Migration } from './migration.js';

/**
 * A database of a version before the dashboard has no sales figures: they are counted from
 * every order (one scan), once the orders are in minor units and complete. A database that has
 * them (or a new one, where they start at zero) keeps them; each order write moves them since.
 */
export const migration: Migration = {
  id: '010-sales-figures',
  name: 'sales figures counted from the orders where the database has none',
  async up({ log }) {
    const rebuilt = await rebuildSalesFiguresIfMissing(everyOrder);
    if (rebuilt)
      log.info(`sales figures rebuilt from ${rebuilt.orders} orders in ${rebuilt.ms} ms`);
  },
};
