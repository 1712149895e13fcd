import { releaseEveryUse } from '../features/discounts/index.js';
import { releaseEveryReservation } from '../features/products/index.js';
import { dropCheckoutHolds, reservationKeysHeld } from './checkouts-as-stored.js';
import type { Migration } from './migration.js';

/**
 * The version before the checkout record held a payment's units and code uses by hold ids of
 * its own (`checkout_holds`, the metadata's `hold` and `discountHold`), which nothing of this
 * version ends: they are released, and `checkout_holds` dropped. Such a payment, authorized
 * before the upgrade, is still placed: its placement reserves what it buys from what is for sale
 * (features/checkout/earlier-payments.ts). The reservations of the checkouts this version keeps
 * are left as they are.
 */
export const migration: Migration = {
  id: '011-earlier-holds-released',
  name: 'the holds of checkouts before the checkout record released, checkout_holds dropped',
  async up({ log }) {
    const kept = await reservationKeysHeld();
    const units = await releaseEveryReservation(kept);
    const uses = await releaseEveryUse(kept);
    const dropped = await dropCheckoutHolds();
    if (units + uses > 0 || dropped) {
      log.info(
        `earlier holds released: ${units} of products' units, ${uses} of discounts' uses${dropped ? '; checkout_holds dropped' : ''}`,
      );
    }
  },
};
