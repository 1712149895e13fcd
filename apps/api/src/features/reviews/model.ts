import mongoose, { type InferSchemaType } from 'mongoose';

/**
 * One buyer's review of one product. Its `_id` is made from the product and the buyer
 * (`reviewIdOf`), so the unique `_id` keeps one review per buyer and product, and every
 * write finds it by `_id`, the one filter FerretDB answers from an index.
 */
const reviewSchema = new mongoose.Schema(
  {
    product: { type: mongoose.Schema.Types.ObjectId, ref: 'products', required: true },
    user: { type: mongoose.Schema.Types.ObjectId, ref: 'users', required: true },
    rating: { type: Number, required: true, min: 1, max: 5 },
    title: { type: String, required: true },
    body: { type: String, required: true },
    /** Hidden by an administrator: counted nowhere, not listed for shoppers. */
    hidden: { type: Boolean, default: false },
    /**
     * A tombstone: its author deleted it while it was hidden. Its rating and text are gone, it is
     * listed and counted nowhere, and it stays only so that its author's next review of the
     * product waits hidden for an administrator too (see repository.ts).
     */
    deleted: { type: Boolean },
    verifiedPurchase: { type: Boolean, default: false },
  },
  { timestamps: true },
);
reviewSchema.index({ product: 1, createdAt: -1 });
// The admin's list of every review, newest first, by stars or not (listEveryReview).
reviewSchema.index({ rating: 1, createdAt: -1, _id: -1 });

export type ReviewDoc = InferSchemaType<typeof reviewSchema> & { _id: mongoose.Types.ObjectId };
/** Read and written only by ./repository.ts. */
export const ReviewModel = mongoose.model('reviews', reviewSchema);
