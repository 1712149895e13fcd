import { DataTable } from '../../../components/DataTable';
import { PagedList } from '../shared/AdminList';
import { useAdminPages } from '../shared/use-admin-query';
import { adminReviewQueries } from './api';
import {
  ADMIN_REVIEW_TEXTS,
  reviewColumns,
  reviewFailure,
  useReviewVisibility,
} from './review-columns';
import './reviews.css';

/** The product's reviews, hidden ones too, each with Hide or Show (a hidden one counts nowhere). */
export function AdminReviews({ productId }: { productId: string }) {
  const reviews = useAdminPages((page) => adminReviewQueries.list(productId, page), reviewFailure);
  const columns = reviewColumns(useReviewVisibility());
  return (
    <section className="admin-reviews" aria-labelledby="admin-reviews-title">
      <h2 id="admin-reviews-title">{ADMIN_REVIEW_TEXTS.heading}</h2>
      <PagedList
        list={reviews}
        empty={<p className="empty">{ADMIN_REVIEW_TEXTS.none}</p>}
        pagesLabel="Reviews pages"
      >
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
    </section>
  );
}
