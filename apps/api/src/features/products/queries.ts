import {
  type Category,
  PRODUCT_PAGE_SIZE,
  type Product,
  type ProductFilters,
  priceRangeLimits,
} from '@shop/contracts';
import type mongoose from 'mongoose';
import { notFound } from '../../lib/errors.js';
import { findCategoryBySlug } from '../categories/use-cases.js';
import { findOneProduct, findProducts, type ProductDoc, ProductModel, toProduct } from './model.js';

/** Enough for a results page; a one-letter keyword must not return the whole catalogue. */
export const SEARCH_RESULT_LIMIT = 50;
/** Similar products shown under a product. */
export const RELATED_PRODUCT_LIMIT = 3;

type Filter = mongoose.RootFilterQuery<ProductDoc>;

const listProducts = async (filter: Filter, limit?: number, skip = 0): Promise<Product[]> => {
  const query = findProducts(filter).skip(skip);
  const products = await (limit === undefined ? query : query.limit(limit));
  return products.map(toProduct);
};

/** Every product, newest first (the admin list). */
export const listAllProducts = () => listProducts({});

export const countProducts = () => ProductModel.countDocuments();

/** One page of the storefront listing, newest first; pages start at 1. */
export const listProductPage = (page: number) =>
  listProducts({}, PRODUCT_PAGE_SIZE, (page - 1) * PRODUCT_PAGE_SIZE);

export async function getProductBySlug(slug: string): Promise<Product> {
  const product = await findOneProduct({ slug });
  if (!product) throw notFound('Product not found');
  return toProduct(product);
}

/** Products in any of the checked categories (all when none) and inside the price range. */
export function filterProducts({ checked, radio }: ProductFilters) {
  const filter: Filter = {};
  if (checked.length > 0) filter.category = { $in: checked };
  if (radio.length === 2) {
    const { min, below } = priceRangeLimits(radio);
    filter.price = below === undefined ? { $gte: min } : { $gte: min, $lt: below };
  }
  return listProducts(filter);
}

/** Makes every character of the keyword match itself: 'a.b' finds 'a.b', not 'axb'. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Products whose name or description contains the keyword, any case. */
export function searchProducts(keyword: string) {
  const pattern = new RegExp(escapeRegExp(keyword), 'i');
  return listProducts({ $or: [{ name: pattern }, { description: pattern }] }, SEARCH_RESULT_LIMIT);
}

/** Other products of the same category. */
export const relatedProducts = (productId: string, categoryId: string) =>
  listProducts({ category: categoryId, _id: { $ne: productId } }, RELATED_PRODUCT_LIMIT);

export async function productsOfCategory(
  slug: string,
): Promise<{ category: Category; products: Product[] }> {
  const category = await findCategoryBySlug(slug);
  if (!category) throw notFound('Category not found');
  return { category, products: await listProducts({ category: category._id }) };
}
