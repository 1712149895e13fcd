import type { Product, ProductPhotoMeta, ProductSummary } from '@shop/contracts';
import mongoose from 'mongoose';
import { changingCatalog } from '../../db/catalog-changes.js';
import { type ProductDoc, ProductModel } from './model.js';

/**
 * The products as stored: the only module that reads or writes them. Every write is announced
 * to the catalogue of every API process (see changingCatalog). Stock is taken and given back
 * with single guarded updates, so no two checkouts can take the same unit.
 */

/** Never photo bytes, even those of a product written before photos had their own collection. */
const STORED_FIELDS = '-photo.data';

/** A product as stored: its response shape, its category named by id only. */
export type StoredProduct = Omit<Product, 'category'> & { categoryId: string };

/** What a new product is made of; its id chosen beforehand (newProductId), so its photo goes first. */
export interface NewProduct {
  _id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  quantity: number;
  categoryId: string;
  shipping: 0 | 1;
  photo: ProductPhotoMeta | null;
  /** Now, unless given (imports, demo data). */
  createdAt?: Date;
}

export type ProductChanges = Partial<Omit<NewProduct, '_id' | 'createdAt' | 'photo'>> & {
  photo?: ProductPhotoMeta;
};

/** Units of one product, taken or given back. */
export interface StockLine {
  productId: string;
  quantity: number;
}

const productChange = (productIds: string[]) => ({ productIds });

/** What a response shows of a stored photo: its metadata, or null when it has none. */
const toPhotoMeta = (photo: ProductDoc['photo'] | null | undefined): ProductPhotoMeta | null =>
  photo?.version
    ? {
        version: photo.version,
        width: photo.width ?? 0,
        height: photo.height ?? 0,
        color: photo.color ?? '#e5e7eb',
      }
    : null;

const toStoredProduct = (p: ProductDoc): StoredProduct => ({
  _id: String(p._id),
  name: p.name,
  slug: p.slug,
  description: p.description,
  price: p.price,
  quantity: p.quantity,
  shipping: p.shipping === 1 ? 1 : 0,
  categoryId: String(p.category),
  photo: toPhotoMeta(p.photo),
  createdAt: new Date(p.createdAt).toISOString(),
  updatedAt: new Date(p.updatedAt).toISOString(),
});

const toDocument = ({ _id, categoryId, photo, createdAt = new Date(), ...fields }: NewProduct) => ({
  ...fields,
  _id: new mongoose.Types.ObjectId(_id),
  category: new mongoose.Types.ObjectId(categoryId),
  ...(photo ? { photo } : {}),
  createdAt,
  updatedAt: createdAt,
});

const toUpdate = ({ categoryId, ...changes }: ProductChanges) => ({
  ...changes,
  ...(categoryId === undefined ? {} : { category: categoryId }),
});

/** An id for a product about to be inserted. */
export const newProductId = () => new mongoose.Types.ObjectId().toString();

export async function findProduct(id: string): Promise<StoredProduct | null> {
  const product = await ProductModel.findById(id).select(STORED_FIELDS).lean<ProductDoc>();
  return product ? toStoredProduct(product) : null;
}

/** Every product (what the catalogue of each process loads). */
export async function listProducts(): Promise<StoredProduct[]> {
  return (await ProductModel.find().select(STORED_FIELDS).lean<ProductDoc[]>()).map(
    toStoredProduct,
  );
}

export async function findProductsBySlug(slugs: readonly string[]): Promise<StoredProduct[]> {
  const found = await ProductModel.find({ slug: { $in: slugs } })
    .select(STORED_FIELDS)
    .lean<ProductDoc[]>();
  return found.map(toStoredProduct);
}

/** What order lines show of their products, by id (a product deleted since is missing). */
export async function findProductSummaries(
  ids: readonly string[],
): Promise<Map<string, ProductSummary>> {
  const found = await ProductModel.find({ _id: { $in: ids } })
    .select('name slug description price photo.version photo.width photo.height photo.color')
    .lean<ProductDoc[]>();
  return new Map(
    found.map((p) => [
      String(p._id),
      {
        _id: String(p._id),
        name: p.name,
        slug: p.slug,
        description: p.description,
        price: p.price,
        photo: toPhotoMeta(p.photo),
      },
    ]),
  );
}

export const hasProducts = async () => Boolean(await ProductModel.exists({}));

/** How many products have this name (all of them without one). */
export const countProducts = (by: { name?: string } = {}) => ProductModel.countDocuments(by);

export const countProductsInCategory = (categoryId: string) =>
  ProductModel.countDocuments({ category: categoryId });

/** Throws a duplicate-key error when the slug is taken. */
export async function insertProduct(product: NewProduct): Promise<void> {
  await changingCatalog(productChange([product._id]), () =>
    ProductModel.create(toDocument(product)),
  );
}

/** Many at once (a bulk import): every process reloads the whole catalogue after. */
export async function insertProducts(products: readonly NewProduct[]): Promise<void> {
  await changingCatalog({ all: true }, () =>
    ProductModel.insertMany(products.map(toDocument), { lean: true }),
  );
}

/** Inserts the product unless one has its slug (left as an admin may have edited it). */
export function insertProductIfMissing(product: NewProduct): Promise<boolean> {
  return changingCatalog(productChange([product._id]), async () => {
    const { upsertedCount } = await ProductModel.updateOne(
      { slug: product.slug },
      { $setOnInsert: toDocument(product) },
      { upsert: true, timestamps: false },
    );
    return upsertedCount > 0;
  });
}

export type ProductUpdate =
  | { kind: 'updated'; previous: StoredProduct }
  | { kind: 'missing' }
  | { kind: 'stock changed'; inStock: number };

/**
 * Changes the product's fields in one update; with `expectedQuantity`, only while its stock is
 * still that count (an admin's edit never writes back a count a checkout has just lowered).
 * Throws a duplicate-key error when the new slug is taken.
 */
export async function updateProduct(
  id: string,
  changes: ProductChanges,
  expectedQuantity?: number,
): Promise<ProductUpdate> {
  const previous = await changingCatalog(productChange([id]), () =>
    ProductModel.findOneAndUpdate(
      { _id: id, ...(expectedQuantity === undefined ? {} : { quantity: expectedQuantity }) },
      { $set: toUpdate(changes) },
    ).lean<ProductDoc>(),
  );
  if (previous) return { kind: 'updated', previous: toStoredProduct(previous) };
  const current = expectedQuantity === undefined ? null : await findProduct(id);
  return current ? { kind: 'stock changed', inStock: current.quantity } : { kind: 'missing' };
}

/** Deletes the product; what it was (for its photo's files), or null when there was none. */
export async function deleteProduct(
  id: string,
): Promise<{ photo: ProductPhotoMeta | null } | null> {
  const deleted = await changingCatalog(productChange([id]), () =>
    ProductModel.findOneAndDelete({ _id: id }).lean<ProductDoc>(),
  );
  return deleted ? { photo: toPhotoMeta(deleted.photo) } : null;
}

/**
 * Takes each line's units with one update that matches only while enough are left, so that
 * stock never goes below zero whoever else is buying. At the first line that cannot be had (or
 * a failed write), the lines taken are given back; answers the line refused, or null when every
 * line was taken.
 */
export function takeStock<Line extends StockLine>(lines: readonly Line[]): Promise<Line | null> {
  return changingCatalog(productChange(lines.map((l) => l.productId)), async () => {
    const taken: Line[] = [];
    try {
      for (const line of lines) {
        const { matchedCount } = await ProductModel.updateOne(
          { _id: line.productId, quantity: { $gte: line.quantity } },
          { $inc: { quantity: -line.quantity } },
        );
        if (matchedCount === 0) {
          await giveBack(taken);
          return line;
        }
        taken.push(line);
      }
      return null;
    } catch (err) {
      // Units a failed give-back leaves out are under-counted, never oversold.
      await giveBack(taken).catch(() => {});
      throw err;
    }
  });
}

const giveBack = (lines: readonly StockLine[]) =>
  Promise.all(
    lines.map((line) =>
      ProductModel.updateOne({ _id: line.productId }, { $inc: { quantity: line.quantity } }),
    ),
  );

/** Puts units back: a checkout that did not finish, or a cancelled order. */
export async function giveBackStock(lines: readonly StockLine[]): Promise<void> {
  await changingCatalog(productChange(lines.map((l) => l.productId)), () => giveBack(lines));
}

/** Products written before photos had their own collection: their bytes are still inside. */
export async function idsWithPhotoBytes(): Promise<string[]> {
  const legacy = await ProductModel.collection
    .find({ 'photo.data': { $exists: true } }, { projection: { _id: 1 } })
    .toArray();
  return legacy.map(({ _id }) => String(_id));
}

/** The photo bytes kept inside the product, or null when it has none (any more). */
export async function photoBytesInside(id: string): Promise<Buffer | null> {
  const doc = await ProductModel.collection.findOne(
    { _id: new mongoose.Types.ObjectId(id) },
    { projection: { 'photo.data': 1 } },
  );
  const data = (doc?.photo as { data?: mongoose.mongo.Binary } | undefined)?.data;
  return data ? Buffer.from(data.buffer) : null;
}

/** Replaces the bytes inside the product by the metadata of its photo's stored files. */
export async function replacePhotoBytes(id: string, meta: ProductPhotoMeta): Promise<void> {
  await changingCatalog(productChange([id]), () =>
    ProductModel.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(id) },
      {
        $set: {
          'photo.version': meta.version,
          'photo.width': meta.width,
          'photo.height': meta.height,
          'photo.color': meta.color,
        },
        $unset: { 'photo.data': '', 'photo.contentType': '', 'photo.etag': '' },
      },
    ),
  );
}
