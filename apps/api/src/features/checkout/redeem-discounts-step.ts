import type Stripe from 'stripe';
import { conflict } from '../../lib/errors.js';
import { createStep } from '../../lib/steps.js';
import { giveBackRedemptions, redeemDiscounts } from '../discounts/index.js';
import type { OrderBreakdown } from '../orders/index.js';
import { discountHoldFromMetadata } from './discount-metadata.js';
import { type Shopper, shopperKey } from './shopper.js';

/**
 * Counts the order in each discount it is placed with (the use held for its payment, or, the
 * hold expired, checked against the limits in the update that counts it: see
 * ../discounts/redemptions.ts), before the card is charged: a buyer who lost the last use
 * meanwhile is refused (409) and their authorization cancelled. Given
 * back when a later step fails. Counting a payment again counts nothing, so a placement that
 * finishes another's counts once.
 */
export const redeemDiscountsOfOrder = createStep(
  'redeemDiscountsOfOrder',
  async ({
    intent,
    shopper,
    breakdown,
  }: {
    intent: Stripe.PaymentIntent;
    shopper: Shopper;
    breakdown: OrderBreakdown | undefined;
  }) => {
    const ids = (breakdown?.discounts ?? []).map((discount) => discount._id);
    const refusal = await redeemDiscounts(
      ids,
      shopperKey(shopper),
      intent.id,
      discountHoldFromMetadata(intent.metadata),
    );
    if (refusal) throw conflict(refusal);
  },
  (_done, { intent }) => giveBackRedemptions(intent.id),
);
