/** Discounts' public module: what other features may use of them. */
export {
  type AppliedAmount,
  applyDiscounts,
  type DiscountLine,
  type DiscountOutcome,
  type DiscountRule,
} from './apply.js';
export {
  type DiscountInputs,
  discountInputs,
  type KnownShopper,
  normalCode,
} from './cart-discounts.js';
export { customerUses, giveBackCustomerUses } from './customer-uses.js';
export {
  countShopperUses,
  type DiscountReservation,
  giveBackDiscountUses,
  refusalOfCustomerUses,
  releaseDiscountUses,
  reserveDiscountUses,
  settleDiscountUses,
} from './redemptions.js';
export { releaseEveryUse } from './repository.js';
