import { reviewListResponseSchema, reviewResponseSchema } from '@shop/contracts/reviews';
import { getParsed, sendParsed } from '../../../lib/api-client';
import { pageOf } from '../../../lib/paging';
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
