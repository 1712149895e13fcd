import {
  averageRating,
  DEFAULT_TAX_CLASS,
  nameWithOptions,
  type Product,
  type ProductOption,
  type ProductPhotoMeta,
  type ProductVariant,
  toMajorUnits,
  toMinorUnits,
  totalStock,
} from '@shop/contracts';
import type { StarCounts } from '@shop/contracts/reviews';
import mongoose from 'mongoose';
import { writeToCatalogue } from '../../db/catalogue-changes.js';
import { conflict, isDuplicateKeyError } from '../../lib/errors.js';
import { storeSettings } from '../store/index.js';
import { type ProductDoc, ProductModel } from './model.js';

/**
 * The products as stored: the only module that reads or writes them. Every write is announced
 * to the catalogue of every API process (see writeToCatalogue). Stock is taken and given back
 * with single guarded updates, so no two checkouts can take the same unit.
 *
 * A product is sold as one or more variants. Each variant's stock is kept in `stock.<variant
 * id>` beside the product's total `quantity` (and its lowest `price`), so that one update by
 * `_id` changes both. A product without options has one variant whose id is the product's.
 *
 * Prices are stored as integers of the store currency's minor unit and answered, as the
 * contract's shapes have them, in major units: this module converts both ways (money.ts).
 */

/**
 * A product as stored: its response shape, its category named by id only, and its reviews'
 * version (see changeShownReviews), which no answer shows.
 */
export type StoredProduct = Omit<Product, 'category'> & {
  categoryId: string;
  reviewsVersion: number;
};

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
  /** Grams; 0 unless given. */
  weight?: number;
  /** Standard unless given. */
  taxClass?: string;
  photo: ProductPhotoMeta | null;
  /** Now, unless given (imports, demo data). */
  createdAt?: Date;
  /**
   * A product sold several ways; then its price and quantity are those of its variants (the
   * lowest price, all the stock). Without, one variant of that price and quantity.
   */
  variants?: VariantSet;
}

/**
 * A variant as written: its stock with it; its weight and tax class only when they differ from
 * its product's.
 */
export type NewVariant = Omit<ProductVariant, 'photo' | 'weight' | 'taxClass' | 'inCheckouts'> & {
  photo?: ProductPhotoMeta | null;
  weight?: number;
  taxClass?: string;
};

export interface VariantSet {
  options: ProductOption[];
  variants: NewVariant[];
}

export type ProductChanges = Partial<Omit<NewProduct, '_id' | 'createdAt' | 'photo'>> & {
  photo?: ProductPhotoMeta;
};

/** Units of one variant, taken or given back. */
export interface StockLine {
  productId: string;
  /** The product's only variant when absent. */
  variantId?: string;
  quantity: number;
}

const oid = (id: string) => new mongoose.Types.ObjectId(id);
export const stockKey = (line: Pick<StockLine, 'productId' | 'variantId'>) =>
  `stock.${(line.variantId ?? line.productId).toLowerCase()}`;

export const productChange = (productIds: string[]) => ({ productIds });

/** The currency every product price is stored in (its minor unit) and answered in. */
const storeCurrency = async () => (await storeSettings()).currency;

/** What a response shows of a stored photo: its metadata, or null when it has none. */
export const toPhotoMeta = (
  photo: ProductDoc['photo'] | null | undefined,
): ProductPhotoMeta | null =>
  photo?.version
    ? {
        version: photo.version,
        width: photo.width ?? 0,
        height: photo.height ?? 0,
        color: photo.color ?? '#e5e7eb',
      }
    : null;

/** The one variant of a new product without options: its own id, price and stock; its slug as SKU. */
const onlyVariantOf = (p: Pick<ProductDoc, '_id' | 'slug' | 'price' | 'quantity'>): NewVariant => ({
  _id: String(p._id),
  sku: p.slug,
  options: {},
  price: p.price,
  quantity: p.quantity,
  photo: null,
});

function variantsOf(
  p: ProductDoc,
  currency: string,
): { options: ProductOption[]; variants: ProductVariant[] } {
  const options = p.options.map(({ name, values }) => ({ name, values: [...values] }));
  const stock = p.stock as unknown as Record<string, number>;
  const held = (p.held ?? {}) as unknown as Record<string, number>;
  const variants = p.variants.map((v) => {
    const _id = String(v._id);
    return {
      _id,
      sku: v.sku,
      options: Object.fromEntries(options.map((o, i) => [o.name, v.values[i] ?? ''])),
      price: toMajorUnits(v.price, currency),
      quantity: stock[_id] ?? 0,
      inCheckouts: held[_id] ?? 0,
      // What a variant does not say of itself, its product says.
      weight: v.weight ?? p.weight,
      taxClass: v.taxClass ?? p.taxClass,
      photo: toPhotoMeta(v.photo),
    };
  });
  return { options, variants };
}

const averageOf = (rating: ProductDoc['rating']) => ({
  average: averageRating(rating?.sum ?? 0, rating?.count ?? 0),
  count: rating?.count ?? 0,
});

const toStoredProduct = (p: ProductDoc, currency: string): StoredProduct => ({
  _id: String(p._id),
  name: p.name,
  slug: p.slug,
  description: p.description,
  price: toMajorUnits(p.price, currency),
  quantity: p.quantity,
  ...variantsOf(p, currency),
  shipping: p.shipping === 1 ? 1 : 0,
  weight: p.weight,
  taxClass: p.taxClass,
  categoryId: String(p.category),
  photo: toPhotoMeta(p.photo),
  rating: averageOf(p.rating),
  createdAt: new Date(p.createdAt).toISOString(),
  updatedAt: new Date(p.updatedAt).toISOString(),
  reviewsVersion: p.reviewsVersion ?? 0,
});

/**
 * The stored fields of a set of variants whose prices are in the units stored, with the
 * product's (lowest) price and total stock.
 */
const storedVariantFields = ({ options, variants }: VariantSet) => ({
  options,
  variants: variants.map((v) => ({
    _id: oid(v._id),
    sku: v.sku,
    values: options.map((o) => v.options[o.name] ?? ''),
    price: v.price,
    ...(v.weight === undefined ? {} : { weight: v.weight }),
    ...(v.taxClass === undefined ? {} : { taxClass: v.taxClass }),
    ...(v.photo ? { photo: v.photo } : {}),
  })),
  stock: Object.fromEntries(variants.map((v) => [v._id.toLowerCase(), v.quantity])),
  price: Math.min(...variants.map((v) => v.price)),
  quantity: totalStock(variants),
});

/** The stored fields of a set of variants priced in major units, as requests price them. */
const variantFields = ({ options, variants }: VariantSet, currency: string) =>
  storedVariantFields({
    options,
    variants: variants.map((v) => ({ ...v, price: toMinorUnits(v.price, currency) })),
  });

const toDocument = (
  {
    _id,
    categoryId,
    photo,
    createdAt = new Date(),
    variants,
    weight = 0,
    taxClass = DEFAULT_TAX_CLASS,
    ...fields
  }: NewProduct,
  currency: string,
) => ({
  ...fields,
  weight,
  taxClass,
  ...variantFields(
    variants ?? { options: [], variants: [onlyVariantOf({ ...fields, _id: oid(_id) })] },
    currency,
  ),
  _id: oid(_id),
  category: oid(categoryId),
  ...(photo ? { photo } : {}),
  createdAt,
  updatedAt: createdAt,
});

/** Price and stock are those of the only variant, whose id is the product's. */
const toUpdate = (
  id: string,
  { categoryId, price, quantity, ...changes }: ProductChanges,
  currency: string,
) => {
  const minor = price === undefined ? undefined : toMinorUnits(price, currency);
  return {
    ...changes,
    ...(categoryId === undefined ? {} : { category: categoryId }),
    ...(minor === undefined ? {} : { price: minor, 'variants.0.price': minor }),
    ...(quantity === undefined ? {} : { quantity, [stockKey({ productId: id })]: quantity }),
  };
};

/** Matches a product whose only variant is its own id: the one whose price and stock are its own. */
const singleVariant = (id: string) => ({
  'variants.0._id': oid(id),
  'variants.1': { $exists: false },
});

/** An id for a product about to be inserted. */
export const newProductId = () => new mongoose.Types.ObjectId().toString();

export async function findProduct(id: string): Promise<StoredProduct | null> {
  const [product, currency] = await Promise.all([
    ProductModel.findById(id).lean<ProductDoc>(),
    storeCurrency(),
  ]);
  return product ? toStoredProduct(product, currency) : null;
}

/** The products of these ids that exist, in one read by `_id`. */
export async function findProductsById(ids: readonly string[]): Promise<StoredProduct[]> {
  const [found, currency] = await Promise.all([
    // The reservations' entries are no part of a product as shown.
    ProductModel.find({ _id: { $in: [...new Set(ids)] } })
      .select('-holds')
      .lean<ProductDoc[]>(),
    storeCurrency(),
  ]);
  return found.map((p) => toStoredProduct(p, currency));
}

/** What a variant says of itself rather than taking from its product, by the variant's id. */
export type VariantOverrides = Map<string, Pick<NewVariant, 'weight' | 'taxClass'>>;

/**
 * The product and each variant's own weight and class (which its answer does not tell from its
 * product's), read together so that a variants change guarded on the product keeps them as read.
 */
export async function findProductWithOverrides(
  id: string,
): Promise<{ product: StoredProduct; overrides: VariantOverrides } | null> {
  const [product, currency] = await Promise.all([
    ProductModel.findById(id).lean<ProductDoc>(),
    storeCurrency(),
  ]);
  if (!product) return null;
  const overrides: VariantOverrides = new Map(
    product.variants.map((v) => [
      String(v._id),
      {
        ...(typeof v.weight === 'number' ? { weight: v.weight } : {}),
        ...(typeof v.taxClass === 'string' ? { taxClass: v.taxClass } : {}),
      },
    ]),
  );
  return { product: toStoredProduct(product, currency), overrides };
}

/** Every product (what the catalogue of each process loads). */
export async function listProducts(): Promise<StoredProduct[]> {
  const [products, currency] = await Promise.all([
    ProductModel.find().lean<ProductDoc[]>(),
    storeCurrency(),
  ]);
  return products.map((p) => toStoredProduct(p, currency));
}

export async function findProductsBySlug(slugs: readonly string[]): Promise<StoredProduct[]> {
  const [found, currency] = await Promise.all([
    ProductModel.find({ slug: { $in: slugs } }).lean<ProductDoc[]>(),
    storeCurrency(),
  ]);
  return found.map((p) => toStoredProduct(p, currency));
}

export const hasProducts = async () => Boolean(await ProductModel.exists({}));

/** How many products have this name (all of them without one). */
export const countProducts = (by: { name?: string } = {}) => ProductModel.countDocuments(by);

export const countProductsInCategory = (categoryId: string) =>
  ProductModel.countDocuments({ category: categoryId });

/** Throws a duplicate-key error when the slug is taken. */
export async function insertProduct(product: NewProduct): Promise<void> {
  const document = toDocument(product, await storeCurrency());
  await writeToCatalogue(productChange([product._id]), () => ProductModel.create(document));
}

/** Many at once (a bulk import): every process reloads the whole catalogue after. */
export async function insertProducts(products: readonly NewProduct[]): Promise<void> {
  const currency = await storeCurrency();
  const documents = products.map((product) => toDocument(product, currency));
  await writeToCatalogue({ all: true }, () => ProductModel.insertMany(documents, { lean: true }));
}

/**
 * Inserts the product unless one has its slug (left as an admin may have edited it): the
 * unique slug refuses a second. An insert, not an upsert: FerretDB's upsert leaves out an empty
 * array (`options: []` of a product without options).
 */
export async function insertProductIfMissing(product: NewProduct): Promise<boolean> {
  const document = toDocument(product, await storeCurrency());
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
  const currency = await storeCurrency();
  const previous = await writeToCatalogue(productChange([id]), () =>
    ProductModel.findOneAndUpdate(
      {
        _id: id,
        ...(ofOnlyVariant ? singleVariant(id) : {}),
        ...(expectedQuantity === undefined ? {} : { quantity: expectedQuantity }),
      },
      { $set: toUpdate(id, changes, currency) },
    ).lean<ProductDoc>(),
  );
  if (previous) return { kind: 'updated', previous: toStoredProduct(previous, currency) };
  const current = await findProduct(id);
  if (!current) return { kind: 'missing' };
  if (ofOnlyVariant && current.variants.length > 1) return { kind: 'has variants' };
  return { kind: 'stock changed', inStock: current.quantity };
}

/**
 * Replaces the product's options and variants (their stock included) in one update, made only
 * while the product is as it was read (`readAt`, its `updatedAt`: every write, a checkout's
 * too, moves it): the previous product, or null when it changed or is gone.
 */
export async function replaceVariants(
  id: string,
  readAt: string,
  next: VariantSet,
): Promise<StoredProduct | null> {
  const currency = await storeCurrency();
  const previous = await writeToCatalogue(productChange([id]), () =>
    ProductModel.findOneAndUpdate(
      { _id: id, updatedAt: new Date(readAt) },
      { $set: variantFields(next, currency) },
    ).lean<ProductDoc>(),
  );
  return previous ? toStoredProduct(previous, currency) : null;
}

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
  const currency = await storeCurrency();
  const deleted = await writeToCatalogue(productChange([id]), () =>
    ProductModel.findOneAndDelete({ _id: id }).lean<ProductDoc>(),
  );
  return deleted ? toStoredProduct(deleted, currency) : null;
}

/** Units of one variant a checkout takes, named for the message that refuses them. */
export interface NamedStockLine extends StockLine {
  name: string;
  /** Its options, named too; none for a product's only variant. */
  variant?: { options: Record<string, string> } | null;
}

/**
 * Takes the units of every line out of stock, or none of them: each line with one update that
 * matches only while enough are left, so that stock never goes below zero whoever else is
 * buying. At the first line that cannot be had the lines taken are given back and it is refused
 * with 409; at a failed write they are given back and the error goes on.
 */
export async function takeStock(lines: readonly NamedStockLine[]): Promise<void> {
  const refused = await writeToCatalogue(productChange(lines.map((l) => l.productId)), async () => {
    const taken: NamedStockLine[] = [];
    try {
      for (const line of lines) {
        const { matchedCount } = await ProductModel.updateOne(
          { _id: line.productId, [stockKey(line)]: { $gte: line.quantity } },
          { $inc: { [stockKey(line)]: -line.quantity, quantity: -line.quantity } },
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
  if (refused) throw notEnoughStock(refused);
}

function notEnoughStock(line: NamedStockLine) {
  const name = nameWithOptions(line.name, line.variant?.options ?? {});
  return conflict(
    line.quantity === 1
      ? `${name} is out of stock`
      : `Not enough ${name} left in stock for ${line.quantity} units`,
  );
}

/** Only to a variant that still exists: the units of one removed since are not counted. */
const giveBack = (lines: readonly StockLine[]) =>
  Promise.all(
    lines.map((line) =>
      ProductModel.updateOne(
        { _id: line.productId, [stockKey(line)]: { $exists: true } },
        { $inc: { [stockKey(line)]: line.quantity, quantity: line.quantity } },
      ),
    ),
  );

/** Puts units back: a checkout that did not finish, or a cancelled order. */
export async function giveBackStock(lines: readonly StockLine[]): Promise<void> {
  await writeToCatalogue(productChange(lines.map((l) => l.productId)), () => giveBack(lines));
}

/** What a product's visible reviews add up to: the product answers' rating and each star's count. */
export interface RatingSummary {
  average: number;
  count: number;
  stars: StarCounts;
}

export async function findRatingSummary(productId: string): Promise<RatingSummary | null> {
  const product = await ProductModel.findById(productId).select('rating').lean<ProductDoc>();
  if (!product) return null;
  const r = product.rating;
  return {
    ...averageOf(r),
    stars: { 1: r?.s1 ?? 0, 2: r?.s2 ?? 0, 3: r?.s3 ?? 0, 4: r?.s4 ?? 0, 5: r?.s5 ?? 0 },
  };
}

/**
 * A review write that changes what the product's page shows: the review's rating as the product
 * counted it before the write and after (null: not counted, as a hidden, deleted or new review).
 * One `$inc` moves the rating by the difference and the product's reviews version by one, so
 * concurrent writes add up exactly, whatever their order, and every process reloads the product
 * and makes its pages again, even for an edit that keeps the stars. A write to a review counted
 * neither before nor after (a hidden one) shows nowhere and changes nothing. The product's
 * `updatedAt` stays (an admin's variants edit is guarded on it).
 */
export async function changeShownReviews(
  productId: string,
  counted: { before: number | null; after: number | null },
): Promise<void> {
  const { before, after } = counted;
  if (before === null && after === null) return;
  const inc: Record<string, number> = {
    reviewsVersion: 1,
    'rating.sum': (after ?? 0) - (before ?? 0),
    'rating.count': (after === null ? 0 : 1) - (before === null ? 0 : 1),
  };
  if (before !== after) {
    if (before !== null) inc[`rating.s${before}`] = -1;
    if (after !== null) inc[`rating.s${after}`] = 1;
  }
  await writeToCatalogue(productChange([productId]), () =>
    ProductModel.updateOne({ _id: productId }, { $inc: inc }, { timestamps: false }),
  );
}
