import { useAdminPages } from '../shared/use-admin-query';
import { adminReviewQueries } from './api';
import { ADMIN_REVIEW_TEXTS, ReviewTable, reviewFailure } from './ReviewTable';

/** The product's reviews, hidden ones too, each with Hide or Show (a hidden one counts nowhere). */
export function AdminReviews({ productId }: { productId: string }) {
  const reviews = useAdminPages((page) => adminReviewQueries.list(productId, page), reviewFailure);
  return (
    <section className="admin-reviews" aria-labelledby="admin-reviews-title">
      <h2 id="admin-reviews-title">{ADMIN_REVIEW_TEXTS.heading}</h2>
      <ReviewTable list={reviews} empty={<p className="empty">{ADMIN_REVIEW_TEXTS.none}</p>} />
    </section>
  );
}
