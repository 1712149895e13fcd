import {
  averageRating,
  DEFAULT_TAX_CLASS,
  type ProductPhotoMeta,
  totalStock,
} from '@shop/contracts';
import mongoose from 'mongoose';
import { lowest, minor } from '../../../lib/money.js';
import type { ProductDoc } from '../model.js';
import type {
  NewProduct,
  NewVariant,
  ProductChanges,
  StoredProduct,
  StoredVariant,
  VariantSet,
} from '../product.js';
import { stockKey } from '../product.js';

/**
 * Products between their documents and the domain's shape (../product.ts), for the repository's
 * reads and writes. A product is sold as one or more variants. Each variant's stock is kept in
 * `stock.<variant id>` beside the product's total `quantity` (and its lowest `price`), so that
 * one update by `_id` changes both. A product without options has one variant whose id is the
 * product's. Prices are stored as they are handed out: minor units of the store currency.
 */

export const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** What a product shows of a stored photo: its metadata, or null when it has none. */
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

function variantsOf(p: ProductDoc): Pick<StoredProduct, 'options' | 'variants'> {
  const options = p.options.map(({ name, values }) => ({ name, values: [...values] }));
  const stock = p.stock as unknown as Record<string, number>;
  const held = (p.held ?? {}) as unknown as Record<string, number>;
  const variants = p.variants.map((v): StoredVariant => {
    const _id = String(v._id);
    return {
      _id,
      sku: v.sku,
      options: Object.fromEntries(options.map((o, i) => [o.name, v.values[i] ?? ''])),
      price: minor(v.price),
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

export const averageOf = (rating: ProductDoc['rating']) => ({
  average: averageRating(rating?.sum ?? 0, rating?.count ?? 0),
  count: rating?.count ?? 0,
});

export const toStoredProduct = (p: ProductDoc): StoredProduct => ({
  _id: String(p._id),
  name: p.name,
  slug: p.slug,
  description: p.description,
  price: minor(p.price),
  quantity: p.quantity,
  ...variantsOf(p),
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

/** The one variant of a new product without options: its own id, price and stock; its slug as SKU. */
const onlyVariantOf = (p: Pick<NewProduct, '_id' | 'slug' | 'price' | 'quantity'>): NewVariant => ({
  _id: p._id,
  sku: p.slug,
  options: {},
  price: p.price,
  quantity: p.quantity,
  photo: null,
});

/** The stored fields of a set of variants, with the product's (lowest) price and total stock. */
export const variantFields = ({ options, variants }: VariantSet) => ({
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
  price: lowest(variants.map((v) => v.price)),
  quantity: totalStock(variants),
});

export const toDocument = ({
  _id,
  categoryId,
  photo,
  createdAt = new Date(),
  variants,
  weight = 0,
  taxClass = DEFAULT_TAX_CLASS,
  ...fields
}: NewProduct) => ({
  ...fields,
  weight,
  taxClass,
  ...variantFields(variants ?? { options: [], variants: [onlyVariantOf({ ...fields, _id })] }),
  _id: oid(_id),
  category: oid(categoryId),
  ...(photo ? { photo } : {}),
  createdAt,
  updatedAt: createdAt,
});

/** Price and stock are those of the only variant, whose id is the product's. */
export const toUpdate = (
  id: string,
  { categoryId, price, quantity, ...changes }: ProductChanges,
) => ({
  ...changes,
  ...(categoryId === undefined ? {} : { category: categoryId }),
  ...(price === undefined ? {} : { price, 'variants.0.price': price }),
  ...(quantity === undefined ? {} : { quantity, [stockKey({ productId: id })]: quantity }),
});

/** Matches a product whose only variant is its own id: the one whose price and stock are its own. */
export const singleVariant = (id: string) => ({
  'variants.0._id': oid(id),
  'variants.1': { $exists: false },
});
