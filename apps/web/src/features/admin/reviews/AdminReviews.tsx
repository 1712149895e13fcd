import type { Review } from '@shop/contracts/reviews';
import toast from 'react-hot-toast';
import { type Column, DataTable } from '../../../components/DataTable';
import { useSubmit } from '../../../lib/use-form';
import { PagedList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import { useAdminPages } from '../shared/use-admin-query';
import { adminReviewQueries, reviewVisibilityWrite } from './api';

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
  const failure = (err: unknown) => refusalOf(err) || ADMIN_REVIEW_TEXTS.failed;
  const reviews = useAdminPages((page) => adminReviewQueries.list(productId, page), failure);
  const toggle = useSubmit(reviewVisibilityWrite(productId), {
    onSuccess: (_review, { hidden }) =>
      toast.success(hidden ? ADMIN_REVIEW_TEXTS.hidden : ADMIN_REVIEW_TEXTS.shown),
    onFailure: failure,
  });

  const columns: Column<Review>[] = [
    { header: 'Rating', cell: (review) => `${review.rating} / 5` },
    {
      header: 'Review',
      cell: (review) => (
        <>
          <strong>{review.title}</strong>
          <br />
          {review.body}
        </>
      ),
    },
    { header: 'By', cell: (review) => review.user.name },
    { header: 'Shown', cell: (review) => (review.hidden ? 'Hidden' : 'Shown') },
    {
      header: 'Action',
      cell: (review) => (
        <button
          type="button"
          className={`btn ${review.hidden ? 'btn-primary' : 'btn-danger'}`}
          disabled={toggle.busy}
          aria-label={`${review.hidden ? 'Show' : 'Hide'} the review “${review.title}”`}
          onClick={() => void toggle.run({ reviewId: review._id, hidden: !review.hidden })}
        >
          {review.hidden ? ADMIN_REVIEW_TEXTS.show : ADMIN_REVIEW_TEXTS.hide}
        </button>
      ),
    },
  ];

  return (
    <section className="admin-reviews" aria-labelledby="admin-reviews-title">
      <h2 id="admin-reviews-title">{ADMIN_REVIEW_TEXTS.heading}</h2>
      <PagedList
        list={reviews}
        empty={<p className="empty">{ADMIN_REVIEW_TEXTS.none}</p>}
        pagesLabel="Reviews pages"
      >
        {(items) => <DataTable columns={columns} rows={items} rowKey={(review) => review._id} />}
      </PagedList>
    </section>
  );
}
