import type { Migration } from './migration.js';
import { unsetOrderMarks } from './orders-as-stored.js';
import { unsetProductMarks } from './products-as-stored.js';

/**
 * The marks by which the start-up's scans told documents they had changed from those they had
 * still to change (products' `photosStripped` and `minorUnits`, orders' `minorUnits`) are of no
 * use once 001-006 are recorded: taken off, and written by nothing since.
 */
export const migration: Migration = {
  id: '009-marks-dropped',
  name: 'the marks photosStripped and minorUnits are taken off products and orders',
  async up({ log }) {
    const products = await unsetProductMarks();
    const orders = await unsetOrderMarks();
    if (products + orders > 0) {
      log.info(`marks taken off ${products} products and ${orders} orders`);
    }
  },
};
