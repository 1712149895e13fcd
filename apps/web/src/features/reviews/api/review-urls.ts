import { pageOf } from '../../../lib/paging';

/**
 * Where a product's reviews are read, without the review calls' schemas (reviews-api.ts): the
 * product page's reviews load with the page, which a server-rendered page hydrates without zod.
 */

/** Reviews a page of the product page shows at once. */
export const REVIEWS_PER_PAGE = 5;

export const reviewsOf = (productId: string) =>
  `/api/v1/product/${encodeURIComponent(productId)}/reviews`;

/** One page of a product's visible reviews, newest first, with its average and star counts. */
export const reviewsPageUrl = (productId: string, page: number) =>
  pageOf(reviewsOf(productId), page, REVIEWS_PER_PAGE);
