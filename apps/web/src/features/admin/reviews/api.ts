import { reviewListResponseSchema, reviewResponseSchema } from '@shop/contracts/reviews';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
import { invalidate } from '../../../lib/query';
import { productQueries } from '../../products';
import { reviewQueries } from '../../reviews';
import { outcome } from '../shared/outcome';

const reviewsOf = (productId: string) => `/api/v1/product/${encodeURIComponent(productId)}/reviews`;

/** One page of a product's reviews, hidden ones too. */
export async function fetchAllReviews(productId: string, page: number, signal?: AbortSignal) {
  const url = pageOf(`${reviewsOf(productId)}/all`, page);
  const { reviews, total } = await getParsed(url, reviewListResponseSchema, signal);
  return { items: reviews, total };
}

export async function setReviewHidden(productId: string, reviewId: string, hidden: boolean) {
  const url = `${reviewsOf(productId)}/${encodeURIComponent(reviewId)}/visibility`;
  return (await sendParsed('put', url, { hidden }, outcome(reviewResponseSchema))).review;
}

/** The admin's review reads, under `['admin', 'reviews', …]`. */
export const adminReviewQueries = {
  /** `['admin', 'reviews', 'list', { productId }]`: every page of a product's reviews. */
  of: (productId: string) => ['admin', 'reviews', 'list', { productId }] as const,
  /**
   * `['admin', 'reviews', 'list', { productId, page }]`: one page of a product's reviews,
   * hidden ones too, newest first.
   */
  list: (productId: string, page: number) =>
    queryOptions({
      queryKey: ['admin', 'reviews', 'list', { productId, page }] as const,
      queryFn: ({ signal }) => fetchAllReviews(productId, page, signal),
    }),
};

/**
 * Hiding or showing a review: its product's reviews as the admin and the shoppers see them,
 * and the product's rating, which counts only the reviews shown.
 */
export const reviewVisibilityWrite = (productId: string) =>
  mutationOptions({
    mutationFn: ({ reviewId, hidden }: { reviewId: string; hidden: boolean }) =>
      setReviewHidden(productId, reviewId, hidden),
    onSuccess: (_review, _sent, _result, { client }) =>
      invalidate(client, [
        adminReviewQueries.of(productId),
        reviewQueries.of(productId),
        productQueries.all,
      ]),
  });
