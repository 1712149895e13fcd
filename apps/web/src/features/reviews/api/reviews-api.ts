import { messageResponseSchema } from '@shop/contracts';
import {
  myReviewResponseSchema,
  type ReviewRequest,
  reviewResponseSchema,
} from '@shop/contracts/reviews';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { reviewsOf } from './queries';

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
