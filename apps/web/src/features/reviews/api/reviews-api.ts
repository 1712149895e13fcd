import { messageResponseSchema } from '@shop/contracts';
import {
  myReviewResponseSchema,
  type ReviewRequest,
  reviewResponseSchema,
} from '@shop/contracts/reviews';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';

/** Reviews a page of the product page shows at once. */
export const REVIEWS_PER_PAGE = 5;

const reviewsOf = (productId: string) => `/api/v1/product/${encodeURIComponent(productId)}/reviews`;

/** One page of a product's visible reviews, newest first, with its average and star counts. */
export const reviewsPageUrl = (productId: string, page: number) =>
  pageOf(reviewsOf(productId), page, REVIEWS_PER_PAGE);

/** The signed-in shopper's review of the product, and whether they may write one. */
export const fetchMyReview = (productId: string, signal?: AbortSignal) =>
  getParsed(`${reviewsOf(productId)}/mine`, myReviewResponseSchema, signal);

export const postReview = async (productId: string, review: ReviewRequest) =>
  (await sendParsed('post', reviewsOf(productId), review, reviewResponseSchema)).review;

export const updateReview = async (productId: string, reviewId: string, review: ReviewRequest) =>
  (
    await sendParsed(
      'put',
      `${reviewsOf(productId)}/${encodeURIComponent(reviewId)}`,
      review,
      reviewResponseSchema,
    )
  ).review;

export const deleteReview = (productId: string, reviewId: string) =>
  sendParsed(
    'delete',
    `${reviewsOf(productId)}/${encodeURIComponent(reviewId)}`,
    undefined,
    messageResponseSchema,
  );
