import { messageResponseSchema } from '@shop/contracts';
import {
  myReviewResponseSchema,
  type ReviewRequest,
  reviewResponseSchema,
} from '@shop/contracts/reviews';
import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { ACCOUNT_READS, invalidate, PRIVATE_READ } from '../../../lib/query';
import { productQueries } from '../../products';
import { reviewQueries, reviewsOf } from './queries';

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

/**
 * `['account', 'my-review', { productId }]`: the signed-in shopper's review of the product and
 * whether they may write one.
 */
export const myReviewQuery = (productId: string) =>
  queryOptions({
    queryKey: [...ACCOUNT_READS, 'my-review', { productId }] as const,
    queryFn: ({ signal }) => fetchMyReview(productId, signal),
    ...PRIVATE_READ,
  });

/** What a shopper's review changes: theirs, the product's reviews, and its rating. */
const reviewChanged = (client: QueryClient, productId: string) =>
  invalidate(client, [
    myReviewQuery(productId).queryKey,
    reviewQueries.of(productId),
    productQueries.all,
  ]);

/** The signed-in shopper's writes of their review of one product. */
export const myReviewWrites = {
  add: (productId: string) =>
    mutationOptions({
      mutationFn: (review: ReviewRequest) => postReview(productId, review),
      onSuccess: (_review, _sent, _result, { client }) => reviewChanged(client, productId),
    }),
  update: (productId: string) =>
    mutationOptions({
      mutationFn: ({ reviewId, review }: { reviewId: string; review: ReviewRequest }) =>
        updateReview(productId, reviewId, review),
      onSuccess: (_review, _sent, _result, { client }) => reviewChanged(client, productId),
    }),
  remove: (productId: string) =>
    mutationOptions({
      mutationFn: (reviewId: string) => deleteReview(productId, reviewId),
      onSuccess: (_answer, _reviewId, _result, { client }) => reviewChanged(client, productId),
    }),
};
