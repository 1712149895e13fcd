import { type ProductDoc, ProductModel } from '../model.js';
import type { NewVariant, StoredProduct } from '../product.js';
import { toStoredProduct } from './documents.js';

/**
 * The products' reads: the only module, with ./writes.ts, ./stock.ts and ./ratings.ts, that
 * reads the products' collection (the checkout's reservations have ../stock-holds.ts). They hand
 * out the domain's shape (../product.ts): prices in minor units of the store currency.
 */

export async function findProduct(id: string): Promise<StoredProduct | null> {
  const product = await ProductModel.findById(id).lean<ProductDoc>();
  return product ? toStoredProduct(product) : null;
}

/** The products of these ids that exist, in one read by `_id`. */
export async function findProductsById(ids: readonly string[]): Promise<StoredProduct[]> {
  // The reservations' and restocks' entries are no part of a product as shown.
  const found = await ProductModel.find({ _id: { $in: [...new Set(ids)] } })
    .select('-holds -restockedBy')
    .lean<ProductDoc[]>();
  return found.map(toStoredProduct);
}

/** What a variant says of itself rather than taking from its product, by the variant's id. */
export type VariantOverrides = Map<string, Pick<NewVariant, 'weight' | 'taxClass'>>;

/** A product with each variant's own weight and class (see findProductWithOverrides). */
export interface ProductWithOverrides {
  product: StoredProduct;
  overrides: VariantOverrides;
}

function withOverrides(product: ProductDoc): ProductWithOverrides {
  const overrides: VariantOverrides = new Map(
    product.variants.map((v) => [
      String(v._id),
      {
        ...(typeof v.weight === 'number' ? { weight: v.weight } : {}),
        ...(typeof v.taxClass === 'string' ? { taxClass: v.taxClass } : {}),
      },
    ]),
  );
  return { product: toStoredProduct(product), overrides };
}

/**
 * The product and each variant's own weight and class (which the product does not tell from its
 * own), read together so that a variants change guarded on the product keeps them as read.
 */
export async function findProductWithOverrides(id: string): Promise<ProductWithOverrides | null> {
  const product = await ProductModel.findById(id).lean<ProductDoc>();
  return product ? withOverrides(product) : null;
}

/** findProductWithOverrides for many products, in one read by `_id`: those that exist, by id. */
export async function findProductsWithOverrides(
  ids: readonly string[],
): Promise<Map<string, ProductWithOverrides>> {
  const found = await ProductModel.find({ _id: { $in: [...new Set(ids)] } }).lean<ProductDoc[]>();
  return new Map(found.map((doc) => [String(doc._id), withOverrides(doc)]));
}

/** Every product (what the catalogue of each process loads). */
export async function listProducts(): Promise<StoredProduct[]> {
  return (await ProductModel.find().lean<ProductDoc[]>()).map(toStoredProduct);
}

/**
 * Every product, oldest first, read from one cursor a batch at a time (an export), so memory
 * holds a batch, never the whole catalogue.
 */
export async function* streamProducts(): AsyncGenerator<StoredProduct> {
  const cursor = ProductModel.find()
    .sort({ _id: 1 })
    .select('-holds')
    .lean<ProductDoc[]>()
    .cursor({ batchSize: 200 });
  for await (const product of cursor) yield toStoredProduct(product as ProductDoc);
}

export async function findProductsBySlug(slugs: readonly string[]): Promise<StoredProduct[]> {
  const found = await ProductModel.find({ slug: { $in: slugs } }).lean<ProductDoc[]>();
  return found.map(toStoredProduct);
}

export const hasProducts = async () => Boolean(await ProductModel.exists({}));

/** How many products have this name (all of them without one). */
export const countProducts = (by: { name?: string } = {}) => ProductModel.countDocuments(by);

export const countProductsInCategory = (categoryId: string) =>
  ProductModel.countDocuments({ category: categoryId });
