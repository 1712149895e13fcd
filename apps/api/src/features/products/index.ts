/** Products' public module: what other features may use of them. */
export {
  countProductsInCategory,
  findProduct,
  findProductSummaries,
  giveBackStock,
  listProducts,
  type StoredProduct,
} from './repository.js';
export { takeStock } from './stock.js';
