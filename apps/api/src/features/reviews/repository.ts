import { createHash } from 'node:crypto';
import { type ListQuery, pageOffset } from '@shop/contracts';
import { REVIEW_STARS } from '@shop/contracts/reviews';
import { isDuplicateKeyError } from '../../lib/errors.js';
import { type ReviewDoc, ReviewModel } from './model.js';

/**
 * The reviews as stored: the only module that reads or writes them. Each write is one atomic
 * update by `_id` that answers the review as it was before, so the caller knows exactly what
 * the product's rating counted of it (see `countedRating`). A tombstone (a hidden review its
 * author deleted, see model.ts) is found by no read and changed by no write but the author's
 * next review, which takes its place hidden.
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

/** Matches a review, not a tombstone. */
const NOT_DELETED = { deleted: { $ne: true } };

export const findReview = async (reviewId: string) =>
  orNull(await ReviewModel.findOne({ _id: reviewId, ...NOT_DELETED }).lean<ReviewDoc>());

/** One page of the reviews `filter` matches, newest first, and how many it matches. */
async function pageOfReviews(
  filter: Record<string, unknown>,
  query: ListQuery,
): Promise<{ reviews: StoredReview[]; total: number }> {
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

/** One page of a product's reviews, newest first (hidden ones only when asked), and how many. */
export const listReviews = (
  productId: string,
  { withHidden }: { withHidden: boolean },
  query: ListQuery,
) =>
  pageOfReviews(
    { product: productId, ...NOT_DELETED, ...(withHidden ? {} : { hidden: { $ne: true } }) },
    query,
  );

/** What the admin's list of every review is narrowed to: shown or hidden ones, a number of stars. */
export interface ReviewFilter {
  hidden?: boolean;
  rating?: number;
}

/**
 * One page of every product's reviews, newest first, and how many match. A tombstone has no
 * rating, so asking for the ratings a review can have leaves tombstones out with an `$in`, a
 * filter our FerretDB can answer in SQL from the index on rating and date (as MongoDB does),
 * where `deleted: { $ne: true }` is one it cannot. Narrowed to shown or hidden reviews, the
 * filter is not one it answers in SQL (its sort keys know no booleans): it reads the collection.
 */
export const listEveryReview = ({ hidden, rating }: ReviewFilter, query: ListQuery) =>
  pageOfReviews(
    {
      rating: rating ?? { $in: [...REVIEW_STARS] },
      ...(hidden === undefined ? {} : { hidden: hidden ? true : { $ne: true } }),
    },
    query,
  );

/**
 * Inserts the buyer's review of the product, hidden when it takes the place of their tombstone
 * (the shop hid the one they deleted); null when they have one already.
 */
export async function insertReview(
  productId: string,
  userId: string,
  review: ReviewText & { verifiedPurchase: boolean },
): Promise<StoredReview | null> {
  const _id = reviewIdOf(productId, userId);
  try {
    const created = await ReviewModel.create({ _id, product: productId, user: userId, ...review });
    return toStoredReview(created.toObject() as ReviewDoc);
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  const now = new Date();
  return orNull(
    await ReviewModel.findOneAndUpdate(
      { _id, product: productId, deleted: true },
      {
        $set: { ...review, hidden: true, createdAt: now, updatedAt: now },
        $unset: { deleted: '' },
      },
      { new: true, timestamps: false },
    ).lean<ReviewDoc>(),
  );
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
      { _id: reviewId, product: productId, ...NOT_DELETED },
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

/**
 * Deletes a review of the product: what it was, or null when there was none. A hidden one leaves
 * its tombstone (see model.ts). Each step is one atomic write guarded on the review's visibility,
 * so an administrator hiding or showing it meanwhile is never undone: the steps go again.
 */
export async function deleteReview(productId: string, reviewId: string) {
  const review = { _id: reviewId, product: productId, ...NOT_DELETED };
  for (;;) {
    const deleted = await ReviewModel.findOneAndDelete({
      ...review,
      hidden: { $ne: true },
    }).lean<ReviewDoc>();
    if (deleted) return toStoredReview(deleted);
    const buried = await ReviewModel.findOneAndUpdate(
      { ...review, hidden: true },
      {
        $set: { deleted: true, updatedAt: new Date() },
        $unset: { rating: '', title: '', body: '' },
      },
      { timestamps: false },
    ).lean<ReviewDoc>();
    if (buried) return toStoredReview(buried);
    if (!(await ReviewModel.exists(review))) return null;
  }
}
