/** Products' public module: what other features may use of them. */
export {
  countProductsInCategory,
  findProduct,
  findProductSummaries,
  findProductsBySlug,
  giveBackStock,
  hasProducts,
  insertProductIfMissing,
  listProducts,
  newProductId,
  type StoredProduct,
} from './repository.js';
export { type NamedStockLine, takeStock } from './stock.js';
