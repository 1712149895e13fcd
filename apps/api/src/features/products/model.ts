import type { ProductPhotoMeta } from '@shop/contracts';
import mongoose, { type InferSchemaType } from 'mongoose';
import { type CategoryDoc, toCategory } from '../categories/model.js';

const productSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true, lowercase: true },
    description: { type: String, required: true },
    price: { type: Number, required: true, min: 0 },
    /** Units in stock; never goes below zero (orders decrement it atomically). */
    quantity: { type: Number, required: true, min: 0 },
    category: { type: mongoose.Schema.Types.ObjectId, ref: 'categories', required: true },
    /** What listings need of the photo; its bytes live in their own collection (photo-store.ts). */
    photo: {
      /** Content hash of the original, served as its ETag; a new upload gets a new version. */
      version: { type: String },
      width: { type: Number },
      height: { type: Number },
      /** Placeholder colour shown while the photo loads, `#rrggbb`. */
      color: { type: String },
    },
    shipping: { type: Number, enum: [0, 1], default: 0 },
  },
  { timestamps: true },
);
productSchema.index({ slug: 1 }, { unique: true });
productSchema.index({ createdAt: -1, _id: -1 });
productSchema.index({ category: 1, createdAt: -1 });
productSchema.index({ price: 1 });

export type ProductDoc = InferSchemaType<typeof productSchema> & { _id: mongoose.Types.ObjectId };
export const ProductModel = mongoose.model('products', productSchema);

/** Fields every listing reads: never photo bytes, even those of a product not migrated yet. */
export const PRODUCT_LIST_FIELDS = '-photo.data';
/** What a product response shows of its category. */
const PRODUCT_CATEGORY_FIELDS = '_id name slug';
/** Newest first; the id breaks ties between products created in the same millisecond. */
export const NEWEST_FIRST = { createdAt: -1, _id: -1 } as const;

export type ProductWithCategory = Omit<ProductDoc, 'category'> & {
  category: Pick<CategoryDoc, '_id' | 'name' | 'slug'> | mongoose.Types.ObjectId | null;
};

/** Products as responses show them: no photo, category populated, newest first. */
export const findProducts = (filter: mongoose.RootFilterQuery<ProductDoc>) =>
  ProductModel.find(filter)
    .select(PRODUCT_LIST_FIELDS)
    .populate({ path: 'category', select: PRODUCT_CATEGORY_FIELDS })
    .sort(NEWEST_FIRST)
    .lean<ProductWithCategory[]>();

/** One product as responses show it, or null. */
export const findOneProduct = (filter: mongoose.RootFilterQuery<ProductDoc>) =>
  ProductModel.findOne(filter)
    .select(PRODUCT_LIST_FIELDS)
    .populate({ path: 'category', select: PRODUCT_CATEGORY_FIELDS })
    .lean<ProductWithCategory>();

/** What a response shows of a product's photo: its metadata, or null when it has none. */
export const toPhotoMeta = (photo: ProductDoc['photo']): ProductPhotoMeta | null =>
  photo?.version
    ? {
        version: photo.version,
        width: photo.width ?? 0,
        height: photo.height ?? 0,
        color: photo.color ?? '#e5e7eb',
      }
    : null;

/** A product as responses show it (category populated, photo metadata, never photo bytes). */
export const toProduct = (p: ProductWithCategory) => ({
  _id: String(p._id),
  name: p.name,
  slug: p.slug,
  description: p.description,
  price: p.price,
  quantity: p.quantity,
  shipping: (p.shipping === 1 ? 1 : 0) as 0 | 1,
  category:
    p.category && typeof p.category === 'object' && 'name' in p.category
      ? toCategory(p.category)
      : null,
  photo: toPhotoMeta(p.photo),
  createdAt: new Date(p.createdAt).toISOString(),
  updatedAt: new Date(p.updatedAt).toISOString(),
});
