/** Products' public module: what other features may use of them. */

export type { ProductFormInput, VariantsInput } from './input.js';
export {
  cataloguedProducts,
  cataloguedProductsById,
} from './presenter.js';
export type { NewProduct, NewVariant, StoredProduct, StoredVariant } from './product.js';
export { findProductSummaries } from './queries.js';
export { type PreparedPhoto, preparePhoto } from './renditions.js';
export { changeShownReviews, findRatingSummary, type RatingSummary } from './repository/ratings.js';
export {
  countProductsInCategory,
  findProduct,
  findProductsById,
  findProductsBySlug,
  hasProducts,
  streamProducts,
} from './repository/reads.js';
export {
  giveBackStock,
  type NamedStockLine,
  RESTOCKS_KEPT,
  restockOnce,
  takeStock,
} from './repository/stock.js';
export { insertNewProducts, insertProduct, newProductId } from './repository/writes.js';
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
export { updateProduct } from './use-cases.js';
export { setProductPhoto, setVariantPhoto } from './variant-photo.js';
export {
  changeManyVariants,
  changeVariants,
  setVariants,
  type VariantsChange,
} from './variants.js';
