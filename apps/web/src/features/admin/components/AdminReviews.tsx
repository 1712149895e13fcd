import type { Review } from '@shop/contracts/reviews';
import toast from 'react-hot-toast';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Pager } from '../../../components/Pager';
import { useSubmit } from '../../../lib/use-form';
import { refusalOf } from '../api/outcome';
import { fetchAllReviews, setReviewHidden } from '../api/reviews';
import { useAdminPages } from '../hooks/use-admin-query';

export const ADMIN_REVIEW_TEXTS = {
  heading: 'Reviews',
  none: 'No reviews yet',
  hide: 'Hide',
  show: 'Show',
  hidden: 'Review hidden: it no longer counts in the rating',
  shown: 'Review shown again',
  failed: 'Something went wrong',
} as const;

/** The product's reviews, hidden ones too, each with Hide or Show (a hidden one counts nowhere). */
export function AdminReviews({ productId }: { productId: string }) {
  const reviews = useAdminPages(
    ['admin', 'reviews', productId],
    (page, signal) => fetchAllReviews(productId, page, signal),
    (err) => refusalOf(err) || ADMIN_REVIEW_TEXTS.failed,
  );
  const toggle = useSubmit(
    async (review: Review) => {
      await setReviewHidden(productId, review._id, !review.hidden);
      toast.success(review.hidden ? ADMIN_REVIEW_TEXTS.shown : ADMIN_REVIEW_TEXTS.hidden);
      await reviews.reload();
    },
    (err) => refusalOf(err) || ADMIN_REVIEW_TEXTS.failed,
  );

  return (
    <section className="admin-reviews" aria-labelledby="admin-reviews-title">
      <h2 id="admin-reviews-title">{ADMIN_REVIEW_TEXTS.heading}</h2>
      {reviews.error && (
        <ErrorNotice message={reviews.error} onRetry={() => void reviews.reload()} />
      )}
      {reviews.items?.length === 0 && <p className="empty">{ADMIN_REVIEW_TEXTS.none}</p>}
      {reviews.items && reviews.items.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Rating</th>
              <th scope="col">Review</th>
              <th scope="col">By</th>
              <th scope="col">Shown</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {reviews.items.map((review) => (
              <tr key={review._id}>
                <td>{review.rating} / 5</td>
                <td>
                  <strong>{review.title}</strong>
                  <br />
                  {review.body}
                </td>
                <td>{review.user.name}</td>
                <td>{review.hidden ? 'Hidden' : 'Shown'}</td>
                <td>
                  <button
                    type="button"
                    className={`btn ${review.hidden ? 'btn-primary' : 'btn-danger'}`}
                    disabled={toggle.busy}
                    aria-label={`${review.hidden ? 'Show' : 'Hide'} the review “${review.title}”`}
                    onClick={() => void toggle.run(review)}
                  >
                    {review.hidden ? ADMIN_REVIEW_TEXTS.show : ADMIN_REVIEW_TEXTS.hide}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager
        label="Reviews pages"
        page={reviews.page}
        pages={reviews.pages}
        onPage={reviews.setPage}
      />
    </section>
  );
}
