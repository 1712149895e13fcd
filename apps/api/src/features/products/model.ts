import mongoose, { type InferSchemaType } from 'mongoose';

const photoMetaSchema = {
  /** Content hash of the original, served as its ETag; a new upload gets a new version. */
  version: { type: String },
  width: { type: Number },
  height: { type: Number },
  /** Placeholder colour shown while the photo loads, `#rrggbb`. */
  color: { type: String },
};

/** One way the product varies (Size: S, M, L). */
const optionSchema = new mongoose.Schema(
  { name: { type: String, required: true }, values: { type: [String], default: [] } },
  { _id: false },
);

/**
 * One combination sold. Its stock is not here but in the product's `stock`, keyed by the
 * variant's id: FerretDB has neither the positional operator nor array filters, and one guarded
 * update by `_id` must take a variant's units and the product's total together.
 */
const variantSchema = new mongoose.Schema({
  sku: { type: String, required: true },
  /** Its value of each of the product's options, in the options' order. */
  values: { type: [String], default: [] },
  /** In the store currency's minor unit. */
  price: { type: Number, required: true, min: 0 },
  /** Grams, when it weighs other than its product; none: the product's weight. */
  weight: { type: Number },
  /** When it is taxed other than its product; none: the product's class. */
  taxClass: { type: String },
  /** Its own photo's metadata; none: the product's photo. */
  photo: photoMetaSchema,
});

/** Units of one variant held for one checkout until `expiresAt`. */
const holdSchema = new mongoose.Schema(
  {
    variant: { type: String, required: true },
    quantity: { type: Number, required: true, min: 1 },
    expiresAt: { type: Date, required: true },
  },
  { _id: false },
);

const productSchema = new mongoose.Schema(
  {
    name: { type: String, required: true, trim: true },
    slug: { type: String, required: true, lowercase: true },
    description: { type: String, required: true },
    /** The lowest price of the variants, kept with them (the store currency's minor unit). */
    price: { type: Number, required: true, min: 0 },
    /**
     * Units in stock of every variant together; never goes below zero (taken only by a guarded
     * update, with the variant's own count, see repository/stock.ts).
     */
    quantity: { type: Number, required: true, min: 0 },
    options: { type: [optionSchema], required: true },
    /** At least one: a product without options has one, of its own id (see repository/documents.ts). */
    variants: { type: [variantSchema], required: true },
    /**
     * Units of each variant shoppers can still have, by the variant's id: those held in a
     * checkout (below) are not counted here but in `held`, moved back and forth by one update.
     */
    stock: { type: Map, of: Number, required: true },
    /** Units of each variant held in checkouts now, by the variant's id (see stock-holds.ts). */
    held: { type: Map, of: Number, default: undefined },
    /** The checkouts' holds on this product's variants, by `<hold id>_<variant id>`. */
    holds: { type: Map, of: holdSchema, default: undefined },
    /**
     * The last restocks of returns put back on this product's shelf, by `<return id>_<variant
     * id>`: a restock finished again after a crash finds itself here and adds nothing (see
     * repository/stock.ts `restockOnce`). Only the last RESTOCKS_KEPT are kept.
     */
    restockedBy: { type: [String], default: undefined },
    category: { type: mongoose.Schema.Types.ObjectId, ref: 'categories', required: true },
    /** What listings need of the photo; its bytes live in their own collection (photo-store.ts). */
    photo: photoMetaSchema,
    shipping: { type: Number, enum: [0, 1], default: 0 },
    /** Grams; what its variants weigh unless they say. */
    weight: { type: Number, min: 0, required: true },
    /** What its variants are taxed as unless they say. */
    taxClass: { type: String, required: true },
    /**
     * What its visible reviews add up to, changed only by one `$inc` per review write that
     * changes what counts (see reviews), so concurrent reviews never lose one.
     */
    rating: {
      type: new mongoose.Schema(
        {
          sum: { type: Number, default: 0 },
          count: { type: Number, default: 0 },
          /** Visible reviews of each star. */
          s1: { type: Number, default: 0 },
          s2: { type: Number, default: 0 },
          s3: { type: Number, default: 0 },
          s4: { type: Number, default: 0 },
          s5: { type: Number, default: 0 },
        },
        { _id: false },
      ),
      default: undefined,
    },
    /**
     * Moves (one `$inc`, with the rating's) at every review write that changes what the product's
     * page shows, so each process's catalogue, and the pages made from it, move on with it. Kept
     * off every answer.
     */
    reviewsVersion: { type: Number },
  },
  { timestamps: true },
);
productSchema.index({ slug: 1 }, { unique: true });
productSchema.index({ createdAt: -1, _id: -1 });
productSchema.index({ category: 1, createdAt: -1 });
productSchema.index({ price: 1 });

export type ProductDoc = InferSchemaType<typeof productSchema> & { _id: mongoose.Types.ObjectId };
/** Read and written only by ./repository/ and ./stock-holds.ts. */
export const ProductModel = mongoose.model('products', productSchema);
