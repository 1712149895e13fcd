import { type AdminReview, REVIEW_STARS, REVIEW_STATES } from '@shop/contracts/reviews';
import { Link } from 'react-router-dom';
import type { Column } from '../../../components/DataTable';
import { ADMIN_PATHS } from '../shared/AdminMenu';
import { useAdminPages } from '../shared/use-admin-query';
import { useUrlChoices } from '../shared/use-url-choices';
import { adminReviewQueries, type ReviewFilter } from './api';
import { ADMIN_REVIEW_TEXTS, ReviewTable, reviewFailure } from './ReviewTable';
import './reviews.css';

export const REVIEWS_SCREEN_TEXTS = {
  state: 'State',
  everyState: 'Any state',
  states: { shown: 'Shown', hidden: 'Hidden' },
  stars: 'Stars',
  everyStar: 'Any stars',
  star: (stars: number) => `${stars} ${stars === 1 ? 'star' : 'stars'}`,
  count: (total: number) => `${total} ${total === 1 ? 'review' : 'reviews'}`,
  deletedProduct: 'A deleted product',
} as const;

/** The filter as the URL keeps it (`?state=&stars=`); anything unknown is left out. */
const filterIn = (params: URLSearchParams): ReviewFilter => ({
  state: REVIEW_STATES.find((state) => state === params.get('state')) ?? '',
  stars: REVIEW_STARS.map(String).find((stars) => stars === params.get('stars')) ?? '',
});

const productColumn: Column<AdminReview> = {
  header: 'Product',
  rowHeader: true,
  className: 'wrap',
  cell: ({ product }) =>
    product ? (
      <Link to={ADMIN_PATHS.product(product.slug)}>{product.name}</Link>
    ) : (
      REVIEWS_SCREEN_TEXTS.deletedProduct
    ),
};

/**
 * Every product's reviews, newest first, narrowed to a state and a number of stars (kept in the
 * URL), each hidden or shown in place; its product's name opens the product's editor.
 */
export function ReviewsManager() {
  const { params, keep } = useUrlChoices();
  const filter = filterIn(params);
  const reviews = useAdminPages((page) => adminReviewQueries.every(page, filter), reviewFailure);

  const narrow = (next: ReviewFilter) => {
    keep({ ...next });
    reviews.setPage(1);
  };
  const narrowed = filter.state !== '' || filter.stars !== '';

  return (
    <>
      <h1 className="page-title">{ADMIN_REVIEW_TEXTS.heading}</h1>
      <div className="review-filters">
        <label>
          <span>{REVIEWS_SCREEN_TEXTS.state}</span>
          <select
            className="form-control"
            value={filter.state}
            onChange={(event) =>
              narrow({
                ...filter,
                state: REVIEW_STATES.find((state) => state === event.target.value) ?? '',
              })
            }
          >
            <option value="">{REVIEWS_SCREEN_TEXTS.everyState}</option>
            {REVIEW_STATES.map((state) => (
              <option key={state} value={state}>
                {REVIEWS_SCREEN_TEXTS.states[state]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{REVIEWS_SCREEN_TEXTS.stars}</span>
          <select
            className="form-control"
            value={filter.stars}
            onChange={(event) => narrow({ ...filter, stars: event.target.value })}
          >
            <option value="">{REVIEWS_SCREEN_TEXTS.everyStar}</option>
            {[...REVIEW_STARS].reverse().map((stars) => (
              <option key={stars} value={String(stars)}>
                {REVIEWS_SCREEN_TEXTS.star(stars)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {reviews.data && (
        <p className="result-count" aria-live="polite">
          {REVIEWS_SCREEN_TEXTS.count(reviews.data.total)}
        </p>
      )}
      <ReviewTable
        list={reviews}
        empty={
          <p className="empty">{narrowed ? ADMIN_REVIEW_TEXTS.noMatch : ADMIN_REVIEW_TEXTS.none}</p>
        }
        before={[productColumn]}
      />
    </>
  );
}
