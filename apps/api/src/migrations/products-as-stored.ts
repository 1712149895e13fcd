import { DEFAULT_TAX_CLASS, type ProductPhotoMeta, toMinorUnits } from '@shop/contracts';
import mongoose from 'mongoose';
import { writeToCatalogue } from '../db/catalogue-changes.js';
import { productChange } from '../features/products/product.js';
import { toPhotoMeta } from '../features/products/repository/documents.js';
import type { Outcome } from './batches.js';

/**
 * The migrations' reads and writes of products in the shapes earlier versions stored, which
 * the products' model no longer describes (photo bytes inside, no variants, prices in major
 * units, the marks `photosStripped` and `minorUnits`): straight through the driver, so that
 * the repository carries none of this one-off code. Like the repository, every write is
 * announced to the catalogues (writeToCatalogue), and each is one update by `_id` made only
 * while the product still has the old shape, so a migration run again, or beside a process of
 * the previous version still serving, changes nothing twice.
 */
const products = () => mongoose.connection.collection('products');
const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** The ids of the products `filter` matches: one scan (a filter other than `_id` reads them all). */
export async function productIdsWhere(filter: Record<string, unknown>): Promise<string[]> {
  const found = await products()
    .find(filter, { projection: { _id: 1 } })
    .toArray();
  return found.map(({ _id }) => String(_id));
}

/** The photo bytes kept inside the product, or null when it has none (any more). */
export async function photoBytesInside(id: string): Promise<Buffer | null> {
  const doc = await products().findOne({ _id: oid(id) }, { projection: { 'photo.data': 1 } });
  const data = (doc?.photo as { data?: mongoose.mongo.Binary } | undefined)?.data;
  return data ? Buffer.from(data.buffer) : null;
}

/**
 * Replaces the bytes inside each product by the metadata of its photo's stored files, which were
 * stored without their metadata (a product of that era has no variant photos): so it is marked
 * stripped too. One change of the catalogue, one bulk write of updates by `_id`.
 */
export async function replacePhotoBytes(
  photos: readonly { productId: string; meta: ProductPhotoMeta }[],
): Promise<void> {
  if (photos.length === 0) return;
  await writeToCatalogue(productChange(photos.map((p) => p.productId)), () =>
    products().bulkWrite(
      photos.map(({ productId, meta }) => ({
        updateOne: {
          filter: { _id: oid(productId), 'photo.data': { $exists: true } },
          update: {
            $set: {
              'photo.version': meta.version,
              'photo.width': meta.width,
              'photo.height': meta.height,
              'photo.color': meta.color,
              photosStripped: true,
            },
            $unset: { 'photo.data': '', 'photo.contentType': '', 'photo.etag': '' },
          },
        },
      })),
    ),
  );
}

/** Bytes that were no image, set aside out of their product, for an operator to look at. */
const unreadablePhotos = () =>
  mongoose.connection.collection<{
    _id: string;
    data: unknown;
    contentType?: unknown;
    setAsideAt: Date;
  }>('unreadable_product_photos');

/**
 * Moves the bytes inside each product, which are no image, to `unreadable_product_photos`
 * (by the product's id) and takes the photo off the product, which showed none (it had no
 * version): so no product keeps bytes inside, and nothing is lost.
 */
export async function setPhotoBytesAside(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await writeToCatalogue(productChange([...ids]), () =>
    Promise.all(
      ids.map(async (id) => {
        const doc = await products().findOne({ _id: oid(id) }, { projection: { photo: 1 } });
        const photo = doc?.photo as { data?: unknown; contentType?: unknown } | undefined;
        if (!photo?.data) return;
        await unreadablePhotos().replaceOne(
          { _id: id },
          { data: photo.data, contentType: photo.contentType, setAsideAt: new Date() },
          { upsert: true },
        );
        await products().updateOne(
          { _id: oid(id), 'photo.data': { $exists: true } },
          { $unset: { photo: '' } },
        );
      }),
    ),
  );
}

/** A stored photo: the product's own, or that of its variant at `variantIndex`. */
export interface StoredPhoto {
  /** The id its files are stored under: the product's, or the variant's. */
  ownerId: string;
  variantIndex: number | null;
  meta: ProductPhotoMeta;
}

/** The photos of a product as read, and when it was last written (every write moves it). */
export interface PhotosAsRead {
  productId: string;
  readAt: Date | null;
  photos: StoredPhoto[];
}

/**
 * The photos of a product an earlier version stored, which may carry their metadata; null when
 * they are stripped already (or the product is gone). Bytes still inside the product are not
 * among them: the photo migration strips them as it moves them out.
 */
export async function photosToStrip(id: string): Promise<PhotosAsRead | null> {
  const product = await products().findOne(
    { _id: oid(id) },
    {
      projection: {
        photosStripped: 1,
        updatedAt: 1,
        'photo.version': 1,
        'photo.width': 1,
        'photo.height': 1,
        'photo.color': 1,
        variants: 1,
      },
    },
  );
  if (!product || product.photosStripped) return null;
  const own = toPhotoMeta(product.photo);
  const variants: { _id: unknown; photo?: Partial<ProductPhotoMeta> }[] = product.variants ?? [];
  const photos: StoredPhoto[] = [
    ...(own ? [{ ownerId: id, variantIndex: null, meta: own }] : []),
    ...variants.flatMap((variant, variantIndex) => {
      const meta = toPhotoMeta(variant.photo);
      return meta ? [{ ownerId: String(variant._id), variantIndex, meta }] : [];
    }),
  ];
  return { productId: id, readAt: (product.updatedAt as Date | undefined) ?? null, photos };
}

/**
 * Points each product at its photos stored again without metadata (`stripped`, by owner id)
 * and marks it stripped, in one update by `_id` per product made only while it is as it was
 * read (`readAt`), so that no write meanwhile is overwritten; `updatedAt` moves, so an edit
 * opened before fails its own guard. One change of the catalogue. Whether each was updated
 * (one that was not changed since it was read: read it again).
 */
export async function replaceStrippedPhotos(
  stripped: readonly { read: PhotosAsRead; photos: ReadonlyMap<string, ProductPhotoMeta> }[],
): Promise<boolean[]> {
  if (stripped.length === 0) return [];
  return writeToCatalogue(productChange(stripped.map(({ read }) => read.productId)), () =>
    Promise.all(
      stripped.map(async ({ read, photos }) => {
        const fields: Record<string, ProductPhotoMeta> = {};
        for (const { ownerId, variantIndex } of read.photos) {
          const meta = photos.get(ownerId);
          if (meta)
            fields[variantIndex === null ? 'photo' : `variants.${variantIndex}.photo`] = meta;
        }
        const { matchedCount } = await products().updateOne(
          { _id: oid(read.productId), updatedAt: read.readAt, photosStripped: { $exists: false } },
          { $set: { ...fields, photosStripped: true, updatedAt: new Date() } },
        );
        return matchedCount > 0;
      }),
    ),
  );
}

/** The version of the photo `ownerId` (the product, or one of its variants) shows now, if any. */
export async function photoVersionShown(productId: string, ownerId: string) {
  const product = await products().findOne(
    { _id: oid(productId) },
    { projection: { 'photo.version': 1, 'variants._id': 1, 'variants.photo.version': 1 } },
  );
  if (ownerId === productId) return product?.photo?.version as string | undefined;
  const variants: { _id: unknown; photo?: { version?: string } }[] = product?.variants ?? [];
  return variants.find((variant) => String(variant._id) === ownerId)?.photo?.version;
}

/** The outcome of each of `ids`, from whether each product written was matched. */
const outcomesOf = (ids: readonly string[], written: readonly (readonly [string, boolean])[]) => {
  const outcomes = new Map(written);
  return ids.map((id): Outcome => {
    const done = outcomes.get(id);
    return done === undefined ? 'done before' : done ? 'done' : 'changed';
  });
};

/**
 * Makes products written before variants one variant each of their own price and stock (its id
 * the product's, its SKU the slug), each in one update by `_id` made only while it has no
 * variants and that stock, so a checkout meanwhile is never overwritten: 'changed' when it was
 * (read again and retry). Every product is read at once, and their updates are one change of
 * the catalogue. The price stays as stored: the prices migration, run after, converts it.
 */
export async function giveOnlyVariants(ids: readonly string[]): Promise<Outcome[]> {
  const found = await Promise.all(
    ids.map((id) =>
      products().findOne(
        { _id: oid(id) },
        { projection: { slug: 1, price: 1, quantity: 1, variants: 1 } },
      ),
    ),
  );
  const todo = found.flatMap((product) => (product && !product.variants ? [product] : []));
  if (todo.length === 0) return outcomesOf(ids, []);
  const written = await writeToCatalogue(productChange(todo.map((p) => String(p._id))), () =>
    Promise.all(
      todo.map(async ({ _id, slug, price, quantity }) => {
        const { matchedCount } = await products().updateOne(
          { _id, variants: { $exists: false }, quantity },
          {
            $set: {
              options: [],
              variants: [{ _id, sku: slug, values: [], price }],
              stock: { [String(_id).toLowerCase()]: quantity },
            },
          },
        );
        return [String(_id), matchedCount > 0] as const;
      }),
    ),
  );
  return outcomesOf(ids, written);
}

/**
 * Stores the prices of products an earlier version wrote in major units (19.99) as integers of
 * `currency`'s minor unit (1999), the product's and each variant's, in one update by `_id` per
 * product made only while it is unmarked and its prices are still those read: 'changed' when
 * they were not (read again and retry), 'done before' for a product already in minor units (or
 * gone). Neither its `updatedAt` nor its stock moves: the amounts stay what they were. Every
 * product is read at once, and their updates are one change of the catalogue.
 */
export async function storePricesInMinorUnits(
  ids: readonly string[],
  currency: string,
): Promise<Outcome[]> {
  const found = await Promise.all(
    ids.map((id) =>
      products().findOne(
        { _id: oid(id) },
        { projection: { price: 1, variants: 1, minorUnits: 1 } },
      ),
    ),
  );
  const todo = found.flatMap((product) => (product && !product.minorUnits ? [product] : []));
  if (todo.length === 0) return outcomesOf(ids, []);
  const written = await writeToCatalogue(productChange(todo.map((p) => String(p._id))), () =>
    Promise.all(
      todo.map(async (product) => {
        const variants: { price: number }[] = product.variants ?? [];
        const asRead: Record<string, unknown> = { price: product.price };
        const converted: Record<string, unknown> = {
          price: toMinorUnits(product.price, currency),
          minorUnits: true,
        };
        variants.forEach((variant, i) => {
          asRead[`variants.${i}.price`] = variant.price;
          converted[`variants.${i}.price`] = toMinorUnits(variant.price, currency);
        });
        const { matchedCount } = await products().updateOne(
          {
            _id: product._id,
            minorUnits: { $exists: false },
            [`variants.${variants.length}`]: { $exists: false },
            ...asRead,
          },
          { $set: converted },
        );
        return [String(product._id), matchedCount > 0] as const;
      }),
    ),
  );
  return outcomesOf(ids, written);
}

/** Whether any product matches `filter`: reads up to the first (a scan when none does). */
const anyProduct = async (filter: Record<string, unknown>) =>
  (await products().findOne(filter, { projection: { _id: 1 } })) !== null;

/**
 * Gives every product written without a weight 0 g, and without a tax class the standard one
 * (what their variants were read as): one update each, announced as a change of the whole
 * catalogue. How many products each changed.
 */
export async function fillWeightAndTaxClass(): Promise<{ weights: number; taxClasses: number }> {
  const noWeight = { weight: { $exists: false } };
  const noTaxClass = { taxClass: { $exists: false } };
  if (!(await anyProduct({ $or: [noWeight, noTaxClass] }))) return { weights: 0, taxClasses: 0 };
  const [weights, taxClasses] = await writeToCatalogue({ all: true }, () =>
    Promise.all([
      products().updateMany(noWeight, { $set: { weight: 0 } }),
      products().updateMany(noTaxClass, { $set: { taxClass: DEFAULT_TAX_CLASS } }),
    ]),
  );
  return { weights: weights.modifiedCount, taxClasses: taxClasses.modifiedCount };
}

/**
 * Takes the marks that told the start-up's scans which products were up to date
 * (`photosStripped`, `minorUnits`) off every product: one update of those that carry one,
 * announced as a change of the whole catalogue. How many it changed.
 */
export async function unsetProductMarks(): Promise<number> {
  const marked = {
    $or: [{ photosStripped: { $exists: true } }, { minorUnits: { $exists: true } }],
  };
  if (!(await anyProduct(marked))) return 0;
  const { modifiedCount } = await writeToCatalogue({ all: true }, () =>
    products().updateMany(marked, { $unset: { photosStripped: '', minorUnits: '' } }),
  );
  return modifiedCount;
}
