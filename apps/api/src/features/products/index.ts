/** Products' public module: what other features may use of them. */

export {
  cataloguedProducts,
  cataloguedProductsById,
} from './presenter.js';
export type { StoredProduct } from './product.js';
export { findProductSummaries } from './queries.js';
export { changeShownReviews, findRatingSummary, type RatingSummary } from './repository/ratings.js';
export { countProductsInCategory, findProduct, hasProducts } from './repository/reads.js';
export {
  giveBackStock,
  type NamedStockLine,
  RESTOCKS_KEPT,
  restockOnce,
  takeStock,
} from './repository/stock.js';
export {
  findProductsToPrice,
  type ProductToPrice,
  type ReservedUnits,
  releaseEveryReservation,
  releaseUnits,
  reserveUnits,
  settleUnits,
  unitsForSale,
  unreservedOf,
} from './stock-holds.js';
