import {
  type Category,
  isInPriceRange,
  type ListQuery,
  PRODUCT_PAGE_SIZE,
  type Product,
  type ProductFilters,
} from '@shop/contracts';
import { notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { type CatalogEntry, type CatalogStore, foldText } from '../catalog/index.js';

/** Every catalogue read answers from the in-process catalogue, never from the database. */

export interface ProductPage {
  products: Product[];
  /** All that match, over every page. */
  total: number;
}

const toPage = (entries: readonly CatalogEntry[], query: ListQuery): ProductPage => ({
  products: pageOf(entries, query).map((entry) => entry.product),
  total: entries.length,
});

/** Every product, newest first (the admin list). */
export const listAllProducts = (catalog: CatalogStore, query: ListQuery) =>
  toPage(catalog.newestFirst(), query);

export const countProducts = (catalog: CatalogStore) => catalog.productCount;

/** One page of the storefront listing, newest first; pages start at 1. */
export const listProductPage = (catalog: CatalogStore, page: number) =>
  listAllProducts(catalog, { page, perPage: PRODUCT_PAGE_SIZE }).products;

export function getProductBySlug(catalog: CatalogStore, slug: string): Product {
  const entry = catalog.productBySlug(slug);
  if (!entry) throw notFound('Product not found');
  return entry.product;
}

/** Products in any of the checked categories (all when none) with a variant in the price range. */
export function filterProducts(
  catalog: CatalogStore,
  { checked, radio }: ProductFilters,
  query: ListQuery,
): ProductPage {
  const categories = new Set(checked);
  const matches = catalog
    .newestFirst()
    .filter(
      ({ categoryId, product: { variants } }) =>
        (categories.size === 0 || categories.has(categoryId)) &&
        (radio.length !== 2 || variants.some((v) => isInPriceRange(v.price, radio))),
    );
  return toPage(matches, query);
}

/**
 * The product with a variant of that SKU (the keyword whole, in any case) first; then products
 * whose name or description contains the keyword, taken literally, in any case and with or
 * without accents ('creme' finds 'Crème'): name matches first, then newest first.
 */
export function searchProducts(
  catalog: CatalogStore,
  keyword: string,
  query: ListQuery,
): ProductPage {
  const wanted = foldText(keyword);
  const bySku = catalog.productBySku(keyword);
  const inName: CatalogEntry[] = bySku ? [bySku] : [];
  const inDescription: CatalogEntry[] = [];
  for (const entry of catalog.newestFirst()) {
    if (entry === bySku) continue;
    if (entry.foldedName.includes(wanted)) inName.push(entry);
    else if (entry.foldedDescription.includes(wanted)) inDescription.push(entry);
  }
  return toPage([...inName, ...inDescription], query);
}

/** Other products of the same category. */
export const relatedProducts = (
  catalog: CatalogStore,
  productId: string,
  categoryId: string,
  query: ListQuery,
) =>
  toPage(
    catalog.inCategory(categoryId).filter((entry) => entry.product._id !== productId),
    query,
  );

export function productsOfCategory(
  catalog: CatalogStore,
  slug: string,
  query: ListQuery,
): ProductPage & { category: Category } {
  const category = catalog.categoryBySlug(slug);
  if (!category) throw notFound('Category not found');
  return { category, ...toPage(catalog.inCategory(category._id), query) };
}

/**
 * The storefront's product reads as their routes answer them (routes.ts sends them as JSON; the
 * server render reads them in process, features/storefront), so both give the same answer.
 */
export const productAnswers = {
  page: (catalog: CatalogStore, page: number) => ({
    success: true as const,
    products: listProductPage(catalog, page),
  }),
  count: (catalog: CatalogStore) => ({ success: true as const, total: countProducts(catalog) }),
  bySlug: (catalog: CatalogStore, slug: string) => ({
    success: true as const,
    message: 'Single Product Fetched',
    product: getProductBySlug(catalog, slug),
  }),
  related: (catalog: CatalogStore, productId: string, categoryId: string, query: ListQuery) => ({
    success: true as const,
    ...relatedProducts(catalog, productId, categoryId, query),
  }),
  ofCategory: (catalog: CatalogStore, slug: string, query: ListQuery) => ({
    success: true as const,
    ...productsOfCategory(catalog, slug, query),
  }),
};
