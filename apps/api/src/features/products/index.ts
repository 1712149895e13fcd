/** Products' public module: what other features may use of them. */
export {
  changeShownReviews,
  countProductsInCategory,
  findProduct,
  findProductSummaries,
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
  type HoldOutcome,
  holdStock,
  releaseHold,
  sweepExpiredHoldsRegularly,
  takeHeldStock,
} from './stock-holds.js';
