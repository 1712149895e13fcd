import { createHash } from 'node:crypto';
import { type ListQuery, pageOffset } from '@shop/contracts';
import { isDuplicateKeyError } from '../../lib/errors.js';
import { type ReviewDoc, ReviewModel } from './model.js';

/**
 * The reviews as stored: the only module that reads or writes them. Each write is one atomic
 * update by `_id` that answers the review as it was before, so the caller knows exactly what
 * the product's rating counted of it (see `countedRating`).
 */

/** A review as stored: its product and author by id. */
export interface StoredReview {
  _id: string;
  productId: string;
  userId: string;
  rating: number;
  title: string;
  body: string;
  hidden: boolean;
  verifiedPurchase: boolean;
  createdAt: string;
  updatedAt: string;
}

export type ReviewText = Pick<StoredReview, 'rating' | 'title' | 'body'>;

/** The id of a buyer's review of a product: the same pair always makes the same id. */
export const reviewIdOf = (productId: string, userId: string) =>
  createHash('sha256')
    .update(`${productId.toLowerCase()}:${userId.toLowerCase()}`)
    .digest('hex')
    .slice(0, 24);

const toStoredReview = (r: ReviewDoc): StoredReview => ({
  _id: String(r._id),
  productId: String(r.product),
  userId: String(r.user),
  rating: r.rating,
  title: r.title,
  body: r.body,
  hidden: r.hidden === true,
  verifiedPurchase: r.verifiedPurchase === true,
  createdAt: new Date(r.createdAt).toISOString(),
  updatedAt: new Date(r.updatedAt).toISOString(),
});

const orNull = (r: ReviewDoc | null) => (r ? toStoredReview(r) : null);

export const findReview = async (reviewId: string) =>
  orNull(await ReviewModel.findById(reviewId).lean<ReviewDoc>());

/** One page of a product's reviews, newest first (hidden ones only when asked), and how many. */
export async function listReviews(
  productId: string,
  { withHidden }: { withHidden: boolean },
  query: ListQuery,
): Promise<{ reviews: StoredReview[]; total: number }> {
  const filter = { product: productId, ...(withHidden ? {} : { hidden: { $ne: true } }) };
  const [reviews, total] = await Promise.all([
    ReviewModel.find(filter)
      .sort({ createdAt: -1, _id: -1 })
      .skip(pageOffset(query))
      .limit(query.perPage)
      .lean<ReviewDoc[]>(),
    ReviewModel.countDocuments(filter),
  ]);
  return { reviews: reviews.map(toStoredReview), total };
}

/** Inserts the buyer's review of the product; null when they have one already. */
export async function insertReview(
  productId: string,
  userId: string,
  review: ReviewText & { verifiedPurchase: boolean },
): Promise<StoredReview | null> {
  try {
    const created = await ReviewModel.create({
      _id: reviewIdOf(productId, userId),
      product: productId,
      user: userId,
      ...review,
    });
    return toStoredReview(created.toObject() as ReviewDoc);
  } catch (err) {
    if (isDuplicateKeyError(err)) return null;
    throw err;
  }
}

/** Changes a review of the product in one update: the review before and after, or null. */
async function changeReview(
  productId: string,
  reviewId: string,
  changes: Partial<ReviewText> | { hidden: boolean },
): Promise<{ before: StoredReview; after: StoredReview } | null> {
  const updatedAt = new Date();
  const before = orNull(
    await ReviewModel.findOneAndUpdate(
      { _id: reviewId, product: productId },
      { $set: { ...changes, updatedAt } },
      { timestamps: false },
    ).lean<ReviewDoc>(),
  );
  if (!before) return null;
  return { before, after: { ...before, ...changes, updatedAt: updatedAt.toISOString() } };
}

export const updateReviewText = (productId: string, reviewId: string, text: ReviewText) =>
  changeReview(productId, reviewId, text);

export const setReviewHidden = (productId: string, reviewId: string, hidden: boolean) =>
  changeReview(productId, reviewId, { hidden });

/** Deletes a review of the product: what it was, or null when there was none. */
export const deleteReview = async (productId: string, reviewId: string) =>
  orNull(
    await ReviewModel.findOneAndDelete({ _id: reviewId, product: productId }).lean<ReviewDoc>(),
  );
