import type { Migration } from './migration.js';
import { fillWeightAndTaxClass } from './products-as-stored.js';

/**
 * The versions before shipping and taxes stored no weight and no tax class, which their
 * products were read as: 0 g, the standard class. They are written, as every product is since.
 */
export const migration: Migration = {
  id: '005-product-weight-and-tax-class',
  name: 'products without a weight or a tax class weigh 0 g and are taxed as standard',
  async up({ log }) {
    const { weights, taxClasses } = await fillWeightAndTaxClass();
    if (weights > 0) log.info(`${weights} products given their weight, 0 g`);
    if (taxClasses > 0) log.info(`${taxClasses} products given the standard tax class`);
  },
};
