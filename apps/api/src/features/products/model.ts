import mongoose, { type InferSchemaType } from 'mongoose';

const productSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true, lowercase: true },
    description: { type: String, required: true },
    price: { type: Number, required: true, min: 0 },
    /** Units in stock; never goes below zero (taken only by a guarded update, see repository.ts). */
    quantity: { type: Number, required: true, min: 0 },
    category: { type: mongoose.Schema.Types.ObjectId, ref: 'categories', required: true },
    /** What listings need of the photo; its bytes live in their own collection (photo-files.ts). */
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
/** Read and written only by ./repository.ts. */
export const ProductModel = mongoose.model('products', productSchema);
