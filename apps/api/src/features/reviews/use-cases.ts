import type { ListQuery } from '@shop/contracts';
import type { AdminReview, AllReviewsQuery, Review } from '@shop/contracts/reviews';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { findUserNames } from '../auth/index.js';
import { currentCatalogue } from '../catalogue/index.js';
import { hasPaidOrderOf } from '../orders/index.js';
import { changeShownReviews, findRatingSummary } from '../products/index.js';
import {
  deleteReview,
  findReview,
  insertReview,
  listEveryReview,
  listReviews,
  type ReviewText,
  reviewIdOf,
  type StoredReview,
  setReviewHidden,
  updateReviewText,
} from './repository.js';

/**
 * Reviews and the product's rating. Each write changes the review first (one atomic update that
 * answers it as it was), then, when the review was visible before or after, the product (one
 * `$inc`, announced in the catalogue's change log): its rating by what that write changed of the
 * counted rating, so any number of concurrent writes add up exactly, and its reviews version by
 * one, so every process makes the product's pages again from the reviews as written. A process
 * killed between the two leaves that one write out of the rating (never counted twice), and out
 * of the pages already made and the quotes already read until the product's next review write;
 * the window is one database round trip.
 *
 * Moderation sticks: an author's edit leaves a hidden review hidden, and the author of a hidden
 * review who deletes it leaves a tombstone, so their next review of the product is hidden too,
 * until an administrator shows it.
 */

const productNotFound = () => notFound('Product not found');
const reviewNotFound = () => notFound('Review not found');
const notABuyer = () =>
  forbidden('Only shoppers who bought this product (a paid order, not cancelled) can review it');

/** What the product's rating counts of a review: its stars, or null when hidden or gone. */
const countedRating = (review: StoredReview | null) =>
  review && !review.hidden ? review.rating : null;

async function withNames(reviews: StoredReview[]): Promise<Review[]> {
  const names = await findUserNames([...new Set(reviews.map((r) => r.userId))]);
  return reviews.map(({ userId, ...review }) => ({
    ...review,
    user: { _id: userId, name: names.get(userId) ?? 'A former customer' },
  }));
}

const withName = async (review: StoredReview) => (await withNames([review]))[0] as Review;

async function ratingOf(productId: string) {
  const summary = await findRatingSummary(productId);
  if (!summary) throw productNotFound();
  return summary;
}

/** The star counts of a product without visible reviews. */
const NO_STARS = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };

/**
 * A page of the product's visible reviews, newest first, with its average and star counts. A
 * product the catalogue counts no visible review of (most products, and every product page's
 * server render asks) is answered without a database read: its rating is kept on the product,
 * which every process's catalogue holds as of its last change (a review written in another
 * process shows within a second, as its rating does).
 */
export async function listProductReviews(productId: string, query: ListQuery) {
  const kept = (await currentCatalogue()).productById(productId);
  if (kept?.product.rating.count === 0) {
    return { reviews: [], total: 0, average: 0, stars: NO_STARS };
  }
  const { average, stars } = await ratingOf(productId);
  const { reviews, total } = await listReviews(productId, { withHidden: false }, query);
  return { reviews: await withNames(reviews), total, average, stars };
}

/** The product's reviews as their route answers them (routes.ts) and the server render reads them. */
export const reviewListAnswer = async (productId: string, query: ListQuery) => ({
  success: true as const,
  ...(await listProductReviews(productId, query)),
});

/** Every review of the product, hidden ones too (for administrators). */
export async function listAllProductReviews(productId: string, query: ListQuery) {
  const { average, stars } = await ratingOf(productId);
  const { reviews, total } = await listReviews(productId, { withHidden: true }, query);
  return { reviews: await withNames(reviews), total, average, stars };
}

/**
 * A page of every product's reviews, hidden ones too, newest first (for administrators): each
 * with its product's name and slug from the in-process catalogue (null once deleted).
 */
export async function listAllReviews({ state, stars, ...paging }: AllReviewsQuery) {
  const filter = {
    ...(state === undefined ? {} : { hidden: state === 'hidden' }),
    ...(stars === undefined ? {} : { rating: stars }),
  };
  const [{ reviews, total }, catalogue] = await Promise.all([
    listEveryReview(filter, paging),
    currentCatalogue(),
  ]);
  const listed = (await withNames(reviews)).map((review): AdminReview => {
    const product = catalogue.productById(review.productId)?.product;
    return { ...review, product: product ? { name: product.name, slug: product.slug } : null };
  });
  return { reviews: listed, total };
}

/** The user's review of the product, and whether they may write one. */
export async function myReview(productId: string, userId: string) {
  await ratingOf(productId);
  const review = await findReview(reviewIdOf(productId, userId));
  if (review) return { review: await withName(review), canReview: false };
  return { review: null, canReview: await hasPaidOrderOf(userId, productId) };
}

export async function writeReview(productId: string, userId: string, text: ReviewText) {
  await ratingOf(productId);
  if (!(await hasPaidOrderOf(userId, productId))) throw notABuyer();
  const review = await insertReview(productId, userId, { ...text, verifiedPurchase: true });
  if (!review) throw conflict('You have already reviewed this product');
  await changeShownReviews(productId, { before: null, after: countedRating(review) });
  return withName(review);
}

/** Only its author may change or delete a review (an administrator hides it instead). */
async function ownReview(productId: string, reviewId: string, userId: string) {
  if (reviewId === reviewIdOf(productId, userId)) return;
  if (await findReview(reviewId)) throw forbidden('You can only change your own review');
  throw reviewNotFound();
}

export async function editReview(
  productId: string,
  reviewId: string,
  userId: string,
  text: ReviewText,
) {
  await ownReview(productId, reviewId, userId);
  const changed = await updateReviewText(productId, reviewId, text);
  if (!changed) throw reviewNotFound();
  await changeShownReviews(productId, {
    before: countedRating(changed.before),
    after: countedRating(changed.after),
  });
  return withName(changed.after);
}

export async function removeReview(productId: string, reviewId: string, userId: string) {
  await ownReview(productId, reviewId, userId);
  const deleted = await deleteReview(productId, reviewId);
  if (!deleted) throw reviewNotFound();
  await changeShownReviews(productId, { before: countedRating(deleted), after: null });
}

/** Hides a review from everyone but its author and administrators, or shows it again. */
export async function setReviewVisibility(productId: string, reviewId: string, hidden: boolean) {
  const changed = await setReviewHidden(productId, reviewId, hidden);
  if (!changed) throw reviewNotFound();
  await changeShownReviews(productId, {
    before: countedRating(changed.before),
    after: countedRating(changed.after),
  });
  return withName(changed.after);
}
