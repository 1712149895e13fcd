import { conflict } from '../../../lib/errors.js';
import { createStep } from '../../../lib/steps.js';
import { countShopperUses, giveBackCustomerUses } from '../../discounts/index.js';
import type { Placement } from './placement.js';

/**
 * Counts the order among the person's orders with each discount that limits how often one
 * person may use it: the use the reservation held becomes the order's (a checkout the previous
 * version started holds none: one is taken in the update that checks the limit, and a person
 * who used it up meanwhile is refused, 409, before the card is charged). Given back when a
 * later step fails; counting the same payment again counts nothing.
 */
export const countUsesOfShopper = createStep(
  'countUsesOfShopper',
  async ({ checkout, intent }: Placement) => {
    if (checkout.reservation.discountIds.length === 0) return;
    const refusal = await countShopperUses(checkout.reservation, intent.id);
    if (refusal) throw conflict(refusal);
  },
  async (_done, { intent }) => giveBackCustomerUses(intent.id),
);
