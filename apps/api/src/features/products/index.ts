/** Products' public module: what other features may use of them. */
export {
  changeRating,
  countProductsInCategory,
  findProduct,
  findProductSummaries,
  findRatingSummary,
  giveBackStock,
  listProducts,
  type RatingSummary,
  type StoredProduct,
} from './repository.js';
export { takeStock } from './stock.js';
