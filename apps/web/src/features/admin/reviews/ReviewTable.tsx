import type { Review } from '@shop/contracts/reviews';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { type Column, DataTable } from '../../../components/DataTable';
import { useSubmit } from '../../../lib/use-form';
import { PagedList } from '../shared/AdminList';
import { refusalOf } from '../shared/outcome';
import type { AdminPages } from '../shared/use-admin-query';
import { reviewVisibilityWrite } from './api';
import './reviews.css';

export const ADMIN_REVIEW_TEXTS = {
  heading: 'Reviews',
  none: 'No reviews yet',
  noMatch: 'No reviews match.',
  hide: 'Hide',
  show: 'Show',
  hidden: 'Review hidden: it no longer counts in the rating',
  shown: 'Review shown again',
  failed: 'Something went wrong',
  stateHidden: 'Hidden',
  stateShown: 'Shown',
} as const;

export const reviewFailure = (err: unknown) => refusalOf(err) || ADMIN_REVIEW_TEXTS.failed;

/** Hide or Show, toasted: the review changes in place in every admin list that shows it. */
function useReviewVisibility() {
  return useSubmit(reviewVisibilityWrite(), {
    onSuccess: (_review, { hidden }) =>
      toast.success(hidden ? ADMIN_REVIEW_TEXTS.hidden : ADMIN_REVIEW_TEXTS.shown),
    onFailure: reviewFailure,
  });
}

/**
 * A review's columns as every admin table of reviews shows them: its stars, its text, its
 * author, whether it is shown, and Hide or Show, named for its review.
 */
export function reviewColumns(toggle: ReturnType<typeof useReviewVisibility>): Column<Review>[] {
  return [
    { header: 'Stars', cell: (review) => `${review.rating} / 5` },
    {
      header: 'Review',
      className: 'wrap admin-review-text',
      // One element: on a phone the cell is a grid of its label and its content.
      cell: (review) => (
        <div>
          <strong>{review.title}</strong>
          <br />
          {review.body}
        </div>
      ),
    },
    { header: 'Author', className: 'wrap', cell: (review) => review.user.name },
    {
      header: 'State',
      cell: (review) =>
        review.hidden ? ADMIN_REVIEW_TEXTS.stateHidden : ADMIN_REVIEW_TEXTS.stateShown,
    },
    {
      header: 'Action',
      cell: (review) => (
        <button
          type="button"
          className={`btn ${review.hidden ? 'btn-primary' : 'btn-danger'}`}
          disabled={toggle.busy}
          aria-label={`${review.hidden ? 'Show' : 'Hide'} the review “${review.title}”`}
          onClick={() =>
            void toggle.run({
              productId: review.productId,
              reviewId: review._id,
              hidden: !review.hidden,
            })
          }
        >
          {review.hidden ? ADMIN_REVIEW_TEXTS.show : ADMIN_REVIEW_TEXTS.hide}
        </button>
      ),
    },
  ];
}

/**
 * A paged admin list of reviews as a table (a card per review on a phone): `before`'s columns,
 * then each review's own, Hide or Show last.
 */
export function ReviewTable<Row extends Review>({
  list,
  empty,
  before = [],
}: {
  list: AdminPages<Row>;
  empty: ReactNode;
  before?: Column<Row>[];
}) {
  const columns: Column<Row>[] = [...before, ...reviewColumns(useReviewVisibility())];
  return (
    <PagedList list={list} empty={empty} pagesLabel="Reviews pages">
      {(items) => (
        <DataTable
          className="admin-review-table"
          columns={columns}
          rows={items}
          rowKey={(review) => review._id}
          stacked
        />
      )}
    </PagedList>
  );
}
