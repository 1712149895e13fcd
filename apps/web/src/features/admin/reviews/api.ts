import {
  allReviewsResponseSchema,
  type ReviewState,
  reviewListResponseSchema,
  reviewResponseSchema,
} from '@shop/contracts/reviews';
import { LIST_DEFAULT_PER_PAGE } from '@shop/contracts/values';
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

/** What the Reviews screen narrows every review to; empty means every state or star. */
export interface ReviewFilter {
  state: ReviewState | '';
  stars: string;
}

/** One page of every product's reviews, hidden ones too, newest first. */
export async function fetchEveryReview(page: number, filter: ReviewFilter, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(page),
    perPage: String(LIST_DEFAULT_PER_PAGE),
    ...filter,
  });
  const { reviews, total } = await getParsed(
    `/api/v1/reviews?${query}`,
    allReviewsResponseSchema,
    signal,
  );
  return { items: reviews, total };
}

export async function setReviewHidden(productId: string, reviewId: string, hidden: boolean) {
  const url = `${reviewsOf(productId)}/${encodeURIComponent(reviewId)}/visibility`;
  return (await sendParsed('put', url, { hidden }, outcome(reviewResponseSchema))).review;
}

/** The admin's review reads, under `['admin', 'reviews', …]`. */
export const adminReviewQueries = {
  /** `['admin', 'reviews']`: every admin read of reviews (a product's, and every product's). */
  all: ['admin', 'reviews'] as const,
  /**
   * `['admin', 'reviews', 'list', { productId, page }]`: one page of a product's reviews,
   * hidden ones too, newest first.
   */
  list: (productId: string, page: number) =>
    queryOptions({
      queryKey: ['admin', 'reviews', 'list', { productId, page }] as const,
      queryFn: ({ signal }) => fetchAllReviews(productId, page, signal),
    }),
  /**
   * `['admin', 'reviews', 'every', { page, filters }]`: one page of every product's reviews,
   * newest first, of a state and a number of stars (the Reviews screen).
   */
  every: (page: number, filters: ReviewFilter) =>
    queryOptions({
      queryKey: ['admin', 'reviews', 'every', { page, filters }] as const,
      queryFn: ({ signal }) => fetchEveryReview(page, filters, signal),
    }),
};

/** A review hidden or shown: its product and its own id, and which. */
export interface ReviewVisibility {
  productId: string;
  reviewId: string;
  hidden: boolean;
}

/**
 * Hiding or showing a review: the admin's lists of reviews (the product's, the Reviews
 * screen's), its product's reviews as shoppers see them, and the product's rating, which counts
 * only the reviews shown.
 */
export const reviewVisibilityWrite = () =>
  mutationOptions({
    mutationFn: ({ productId, reviewId, hidden }: ReviewVisibility) =>
      setReviewHidden(productId, reviewId, hidden),
    onSuccess: (_review, { productId }, _result, { client }) =>
      invalidate(client, [adminReviewQueries.all, reviewQueries.of(productId), productQueries.all]),
  });
