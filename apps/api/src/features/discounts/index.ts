/** Discounts' public module: what other features may use of them. */
export type { DiscountLine, DiscountOutcome } from './apply.js';
export { discountsForCart, type KnownShopper, normalCode } from './cart-discounts.js';
export {
  giveBackRedemptions,
  holdDiscounts,
  redeemDiscounts,
  releaseHeldUses,
} from './redemptions.js';
