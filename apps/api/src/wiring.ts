import { wireEvents } from './events.js';
import { readCatalogueFrom } from './features/catalogue/index.js';
import { listCategories } from './features/categories/index.js';
import { cataloguedProducts, cataloguedProductsById } from './features/products/index.js';

/**
 * Puts together the features that must not import each other (the linter refuses a circle of
 * features): who hears which event (./events.ts), and where the in-process catalogue, which
 * products and categories read, reads them from (the products as their presenter answers them:
 * the catalogue keeps the contract's JSON). Every entry point (the server, the app the
 * tests make, the seed) calls it before anything is read or written.
 */
export function wireFeatures() {
  wireEvents();
  readCatalogueFrom({
    categories: listCategories,
    products: cataloguedProducts,
    productsById: cataloguedProductsById,
  });
}
