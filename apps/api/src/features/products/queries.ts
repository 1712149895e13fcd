import {
  type Category,
  type ListQuery,
  PRODUCT_PAGE_SIZE,
  type Product,
  type ProductFilters,
  type ProductSummary,
} from '@shop/contracts';
import { notFound } from '../../lib/errors.js';
import { pageLeavingOut, pageOf } from '../../lib/paging.js';
import { type CatalogueEntry, type CatalogueStore, currentCatalogue } from '../catalogue/index.js';
import { passesFilters, rankedPage } from '../search/index.js';

/** Every catalogue read answers from the in-process catalogue, never from the database. */

export interface ProductPage {
  products: Product[];
  /** All that match, over every page. */
  total: number;
}

const toPage = (entries: readonly CatalogueEntry[], query: ListQuery): ProductPage => ({
  products: pageOf(entries, query).map((entry) => entry.product),
  total: entries.length,
});

/** Every product, newest first (the admin list). */
export const listAllProducts = (catalogue: CatalogueStore, query: ListQuery) =>
  toPage(catalogue.newestFirst(), query);

export const countProducts = (catalogue: CatalogueStore) => catalogue.productCount;

/** One page of the storefront listing, newest first; pages start at 1. */
export const listProductPage = (catalogue: CatalogueStore, page: number) =>
  listAllProducts(catalogue, { page, perPage: PRODUCT_PAGE_SIZE }).products;

export function getProductBySlug(catalogue: CatalogueStore, slug: string): Product {
  const entry = catalogue.productBySlug(slug);
  if (!entry) throw notFound('Product not found');
  return entry.product;
}

/** Products in any of the checked categories (all when none) with a variant in the price range. */
export function filterProducts(
  catalogue: CatalogueStore,
  { checked, radio }: ProductFilters,
  query: ListQuery,
): ProductPage {
  const passes = passesFilters(catalogue, {
    categoryIds: checked.length > 0 ? new Set(checked) : undefined,
    priceRanges: radio.length === 2 ? [radio] : undefined,
  });
  const entries: CatalogueEntry[] = [];
  for (const number of catalogue.newestNumbers()) {
    if (passes(number)) entries.push(catalogue.entryAt(number));
  }
  return toPage(entries, query);
}

/**
 * The search engine's matches for the keyword (see features/search): every word in any order,
 * the last as a prefix, with typos by length; an exact SKU first, then by relevance (name
 * before description), then newest first.
 */
export const searchProducts = (
  catalogue: CatalogueStore,
  keyword: string,
  query: ListQuery,
): ProductPage => {
  const { entries, total } = rankedPage(catalogue, keyword, query);
  return { products: entries.map((entry) => entry.product), total };
};

/**
 * Other products of the same category: the category's list as it is kept, paged around the
 * product itself (a product page asks for this on every render: a copy of the category without
 * it was most of the read's cost).
 */
export function relatedProducts(
  catalogue: CatalogueStore,
  productId: string,
  categoryId: string,
  query: ListQuery,
): ProductPage {
  const inCategory = catalogue.inCategory(categoryId);
  const own = catalogue.productById(productId);
  const { items, total } = pageLeavingOut(inCategory, own ? inCategory.indexOf(own) : -1, query);
  return { products: items.map((entry) => entry.product), total };
}

export function productsOfCategory(
  catalogue: CatalogueStore,
  slug: string,
  query: ListQuery,
): ProductPage & { category: Category } {
  const category = catalogue.categoryBySlug(slug);
  if (!category) throw notFound('Category not found');
  return { category, ...toPage(catalogue.inCategory(category._id), query) };
}

/**
 * The storefront's product reads as their routes answer them (routes.ts sends them as JSON; the
 * server render reads them in process, features/storefront), so both give the same answer.
 */
export const productAnswers = {
  page: (catalogue: CatalogueStore, page: number) => ({
    success: true as const,
    products: listProductPage(catalogue, page),
  }),
  count: (catalogue: CatalogueStore) => ({
    success: true as const,
    total: countProducts(catalogue),
  }),
  bySlug: (catalogue: CatalogueStore, slug: string) => ({
    success: true as const,
    message: 'Single Product Fetched',
    product: getProductBySlug(catalogue, slug),
  }),
  related: (
    catalogue: CatalogueStore,
    productId: string,
    categoryId: string,
    query: ListQuery,
  ) => ({
    success: true as const,
    ...relatedProducts(catalogue, productId, categoryId, query),
  }),
  ofCategory: (catalogue: CatalogueStore, slug: string, query: ListQuery) => ({
    success: true as const,
    ...productsOfCategory(catalogue, slug, query),
  }),
};

/**
 * What order lines show of their products, by id, from the in-process catalogue (a product
 * deleted since is missing): no read of the database for an order's answer.
 */
export async function findProductSummaries(
  ids: readonly string[],
): Promise<Map<string, ProductSummary>> {
  const catalogue = await currentCatalogue();
  const summaries = new Map<string, ProductSummary>();
  for (const id of ids) {
    const product = catalogue.productById(id)?.product;
    if (!product) continue;
    const { _id, name, slug, description, price, photo } = product;
    summaries.set(id, { _id, name, slug, description, price, photo });
  }
  return summaries;
}
