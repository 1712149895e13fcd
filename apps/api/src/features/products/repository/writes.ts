import { isDeepStrictEqual } from 'node:util';
import type { ProductPhotoMeta } from '@shop/contracts';
import mongoose from 'mongoose';
import { writeToCatalogue } from '../../../db/catalogue-changes.js';
import { isDuplicateKeyError } from '../../../lib/errors.js';
import { type ProductDoc, ProductModel } from '../model.js';
import {
  type NewProduct,
  type ProductChanges,
  productChange,
  type StoredProduct,
  type VariantSet,
} from '../product.js';
import {
  oid,
  singleVariant,
  toDocument,
  toPhotoMeta,
  toStoredProduct,
  toUpdate,
  variantFields,
} from './documents.js';
import { findProduct } from './reads.js';

/**
 * The products' writes (stock aside: ./stock.ts, ../stock-holds.ts), each announced to the
 * catalogue of every API process (see writeToCatalogue) and made in one update.
 */

/** An id for a product about to be inserted. */
export const newProductId = () => new mongoose.Types.ObjectId().toString();

/** Throws a duplicate-key error when the slug is taken. */
export async function insertProduct(product: NewProduct): Promise<void> {
  const document = toDocument(product);
  await writeToCatalogue(productChange([product._id]), () => ProductModel.create(document));
}

/** Many at once (a bulk import): every process reloads the whole catalogue after. */
export async function insertProducts(products: readonly NewProduct[]): Promise<void> {
  const documents = products.map(toDocument);
  await writeToCatalogue({ all: true }, () => ProductModel.insertMany(documents, { lean: true }));
}

/**
 * Many new products at once (what a catalogue import creates), each announced by its id: every
 * process reloads those, not the whole catalogue. In order: on a duplicate slug it throws, the
 * products before that one stored.
 */
export async function insertNewProducts(products: readonly NewProduct[]): Promise<void> {
  const documents = products.map(toDocument);
  await writeToCatalogue(productChange(products.map((p) => p._id)), () =>
    ProductModel.insertMany(documents, { lean: true }),
  );
}

/**
 * Inserts the product unless one has its slug (left as an admin may have edited it): the
 * unique slug refuses a second. An insert, not an upsert: FerretDB's upsert leaves out an empty
 * array (`options: []` of a product without options).
 */
export async function insertProductIfMissing(product: NewProduct): Promise<boolean> {
  const document = toDocument(product);
  return writeToCatalogue(productChange([product._id]), async () => {
    try {
      await ProductModel.create(document);
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  });
}

export type ProductUpdate =
  | { kind: 'updated'; previous: StoredProduct }
  | { kind: 'missing' }
  | { kind: 'stock changed'; inStock: number }
  | { kind: 'has variants' };

/**
 * Changes the product's fields in one update; with `expectedQuantity`, only while its stock is
 * still that count (an admin's edit never writes back a count a checkout has just lowered).
 * A price or a quantity is that of the only variant: refused when the product has several.
 * Throws a duplicate-key error when the new slug is taken.
 */
export async function updateProduct(
  id: string,
  changes: ProductChanges,
  expectedQuantity?: number,
): Promise<ProductUpdate> {
  const ofOnlyVariant = changes.price !== undefined || changes.quantity !== undefined;
  const previous = await writeToCatalogue(productChange([id]), () =>
    ProductModel.findOneAndUpdate(
      {
        _id: id,
        ...(ofOnlyVariant ? singleVariant(id) : {}),
        ...(expectedQuantity === undefined ? {} : { quantity: expectedQuantity }),
      },
      { $set: toUpdate(id, changes) },
    ).lean<ProductDoc>(),
  );
  if (previous) return { kind: 'updated', previous: toStoredProduct(previous) };
  const current = await findProduct(id);
  if (!current) return { kind: 'missing' };
  if (ofOnlyVariant && current.variants.length > 1) return { kind: 'has variants' };
  return { kind: 'stock changed', inStock: current.quantity };
}

/**
 * Replaces the product's options and variants (their stock included) in one update, made only
 * while the product is as it was read (`readAt`, its `updatedAt`: every write, a checkout's
 * too, moves it): false when it changed or is gone.
 */
export async function replaceVariants(
  id: string,
  readAt: string,
  next: VariantSet,
  announced: { readBack: boolean },
): Promise<boolean> {
  // Only whether it matched: an import makes thousands of these.
  const { matchedCount } = await writeToCatalogue(
    productChange([id]),
    () =>
      ProductModel.updateOne(
        { _id: id, updatedAt: new Date(readAt) },
        { $set: variantFields(next) },
      ),
    announced,
  );
  return matchedCount === 1;
}

/** One product's variants to replace, as replaceVariants takes them. */
export interface VariantsReplacement {
  id: string;
  readAt: string;
  next: VariantSet;
}

/**
 * replaceVariants for many products (a catalogue import): one update of them all, under one
 * announcement the catalogue of every process reloads them by, each product's made only while
 * it is as read. Answers the ids of those whose variants are now as asked; the others changed
 * meanwhile (a checkout) or are gone. The database says only how many updates matched, so when
 * some did not, the products are read again and each one whose variants are as asked counts.
 */
export async function replaceManyVariants(
  replacements: readonly VariantsReplacement[],
): Promise<Set<string>> {
  const ids = replacements.map((r) => r.id);
  if (ids.length === 0) return new Set();
  const { matchedCount } = await writeToCatalogue(
    productChange(ids),
    () =>
      // Straight through the driver, as documents.ts shapes them: the update sets `updatedAt`.
      ProductModel.collection.bulkWrite(
        replacements.map(({ id, readAt, next }) => ({
          updateOne: {
            filter: { _id: oid(id), updatedAt: new Date(readAt) },
            update: { $set: { ...variantFields(next), updatedAt: new Date() } },
          },
        })),
        { ordered: false },
      ),
    { readBack: false },
  );
  if (matchedCount === ids.length) return new Set(ids);
  const now = await ProductModel.find({ _id: { $in: ids } })
    .select('options variants stock')
    .lean<(VariantsAsStored & { _id: unknown })[]>();
  const asNow = new Map(now.map((doc) => [String(doc._id), storedShape(doc)]));
  return new Set(
    replacements
      .filter(({ id, next }) => isDeepStrictEqual(asNow.get(id), storedShape(variantFields(next))))
      .map((r) => r.id),
  );
}

/** What a variants replacement writes (documents.ts `variantFields`), as compared after. */
interface VariantsAsStored {
  options: readonly { name: string; values: readonly string[] }[];
  variants: readonly { _id: unknown; sku: string; values: readonly string[]; price: number }[];
  stock: Readonly<Record<string, number>>;
}

const storedShape = ({ options, variants, stock }: VariantsAsStored) => ({
  options: options.map(({ name, values }) => ({ name, values: [...values] })),
  variants: variants.map((v) => [String(v._id), v.sku, [...v.values], v.price]),
  stock: { ...stock },
});

/**
 * Sets (or with null removes) the photo of the variant at `index` of the product, in one update
 * made only while that variant is still there (FerretDB has no positional operator): the
 * variant's previous photo, or 'moved' when the variants changed meanwhile.
 */
export async function setVariantPhoto(
  productId: string,
  variant: { _id: string; index: number },
  photo: ProductPhotoMeta | null,
): Promise<{ previous: ProductPhotoMeta | null } | 'moved'> {
  const path = `variants.${variant.index}`;
  const previous = await writeToCatalogue(productChange([productId]), () =>
    ProductModel.findOneAndUpdate(
      { _id: productId, [`${path}._id`]: oid(variant._id) },
      photo ? { $set: { [`${path}.photo`]: photo } } : { $unset: { [`${path}.photo`]: '' } },
    ).lean<ProductDoc>(),
  );
  if (!previous) return 'moved';
  return { previous: toPhotoMeta(previous.variants?.[variant.index]?.photo) };
}

/** Deletes the product; what it was (for its photos' files), or null when there was none. */
export async function deleteProduct(id: string): Promise<StoredProduct | null> {
  const deleted = await writeToCatalogue(productChange([id]), () =>
    ProductModel.findOneAndDelete({ _id: id }).lean<ProductDoc>(),
  );
  return deleted ? toStoredProduct(deleted) : null;
}
