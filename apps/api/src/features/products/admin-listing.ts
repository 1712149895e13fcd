import type { AdminProductSort, AdminProductsQuery } from '@shop/contracts/admin-products';
import { pageOf } from '../../lib/paging.js';
import {
  ascending,
  type CatalogueEntry,
  type CatalogueStore,
  compareNames,
  foldText,
  skuKey,
} from '../catalogue/index.js';
import type { ProductPage } from './queries.js';

/**
 * The admin's products table, from the in-process catalogue as every product read is: it holds
 * each product's answer (variants with their SKUs, stock and units in checkouts, the category),
 * so a page costs no database read, and the search, the filter and each order are made in
 * memory whatever the database (our FerretDB answers no substring search from an index).
 */

/** Each order past the newest; the sort is stable, so products that tie stay newest first. */
const ORDERS: Record<
  Exclude<AdminProductSort, 'newest'>,
  (a: CatalogueEntry, b: CatalogueEntry) => number
> = {
  name: (a, b) => compareNames(a.product.name, b.product.name),
  price: (a, b) => ascending(a.product.price, b.product.price),
  stock: (a, b) => ascending(a.product.quantity, b.product.quantity),
};

/**
 * Whether a product's name contains `search` (in any case, with or without accents, as the
 * storefront's search reads it) or one of its SKUs does (in any case); any product without one.
 */
function searchFor(search: string | undefined) {
  if (search === undefined) return () => true;
  const name = foldText(search);
  const sku = skuKey(search);
  return (entry: CatalogueEntry) =>
    entry.foldedName.includes(name) || entry.skus.some((s) => s.includes(sku));
}

/** One page of the products an admin asked for, in the order asked, and how many match. */
export function listProductsForAdmin(
  catalogue: CatalogueStore,
  { search, category, sort, ...paging }: AdminProductsQuery,
): ProductPage {
  const searched = searchFor(search);
  // Ids are stored in lower case; a URL may carry one in upper case.
  const categoryId = category?.toLowerCase();
  const found = catalogue
    .newestFirst()
    .filter(
      (entry) => (categoryId === undefined || entry.categoryId === categoryId) && searched(entry),
    );
  if (sort !== 'newest') found.sort(ORDERS[sort]);
  return { products: pageOf(found, paging).map((entry) => entry.product), total: found.length };
}
