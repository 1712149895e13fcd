import type { AuditSpec } from '../../lib/route.js';
import { findReview } from './repository.js';

/** The audit of a review's visibility: the review of the path's `{reviewId}`. */
export const reviewAudit = {
  type: 'review',
  target: ({ params }) => params.reviewId,
  load: async (reviewId) => {
    const review = await findReview(reviewId);
    return review && { ...review };
  },
  label: (review) => String(review.title),
} satisfies AuditSpec<{ params: { reviewId: string } }>;
