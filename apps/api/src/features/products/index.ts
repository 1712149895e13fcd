/** Products' public module: what other features may use of them. */

export { findProductSummaries } from './queries.js';
export {
  changeShownReviews,
  countProductsInCategory,
  findProduct,
  findProductsById,
  findRatingSummary,
  giveBackStock,
  hasProducts,
  listProducts,
  type NamedStockLine,
  type RatingSummary,
  type StoredProduct,
  takeStock,
} from './repository.js';
export {
  findProductsToPrice,
  type ProductToPrice,
  type ReservedUnits,
  releaseEveryReservation,
  releaseUnits,
  reserveUnits,
  settleUnits,
  unreservedOf,
} from './stock-holds.js';
