import { conflict } from '../../../lib/errors.js';
import { createStep } from '../../../lib/steps.js';
import { countShopperUses, giveBackCustomerUses } from '../../discounts/index.js';
import type { Placement } from './placement.js';

/**
 * Counts the order among the shopper's orders with each discount that limits how often one
 * shopper may use it, in the update that checks the limit: a shopper who used it up in another
 * checkout meanwhile is refused (409) before the card is charged. Given back when a later step
 * fails; counting the same payment again counts nothing.
 */
export const countUsesOfShopper = createStep(
  'countUsesOfShopper',
  async ({ checkout, intent }: Placement) => {
    const { discountIds } = checkout.reservation;
    if (discountIds.length === 0) return;
    const refusal = await countShopperUses(discountIds, checkout.shopper.key, intent.id);
    if (refusal) throw conflict(refusal);
  },
  async (_done, { intent }) => giveBackCustomerUses(intent.id),
);
