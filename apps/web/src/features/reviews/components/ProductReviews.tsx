import type { ProductRating } from '@shop/contracts';
import { REVIEW_STARS } from '@shop/contracts/values';
import { useEffect } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { LoadMore } from '../../../components/LoadMore';
import { Stars } from '../../../components/Stars';
import { useAuth } from '../../../lib/auth';
import { useReviews } from '../hooks/use-reviews';
import { REVIEW_TEXTS } from '../texts';
import { MyReview } from './MyReview';
import { ReviewItem } from './ReviewItem';
import './ProductReviews.css';

/**
 * The product page's reviews: the average and a bar per star, the signed-in shopper's form or
 * review, then the reviews newest first with Load More. `onRating` hears the rating after
 * every load, so the page's stars follow the shopper's own change.
 */
export function ProductReviews({
  productId,
  onRating,
}: {
  productId: string;
  onRating: (rating: ProductRating) => void;
}) {
  const { reviews, summary, loading, error, canLoadMore, loadMore, retry } = useReviews(productId);
  // The shopper's own review is shown once, under "Your review", with its Edit and Delete.
  const [{ user }] = useAuth();
  const others = user ? reviews.filter((review) => review.user._id !== user._id) : reviews;
  useEffect(() => {
    if (summary) onRating({ average: summary.average, count: summary.total });
  }, [summary, onRating]);

  return (
    <section className="reviews" id="reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{REVIEW_TEXTS.heading}</h2>
      {summary && summary.total > 0 && (
        <div className="reviews-summary">
          <p className="reviews-average">
            <Stars rating={{ average: summary.average, count: summary.total }} />{' '}
            <strong>{summary.average.toFixed(1)}</strong> out of 5 · {summary.total}{' '}
            {summary.total === 1 ? 'review' : 'reviews'}
          </p>
          <ul className="star-bars">
            {[...REVIEW_STARS].reverse().map((star) => {
              const count = summary.stars[star];
              return (
                <li key={star}>
                  <span>{star} ★</span>
                  <span className="star-bar" aria-hidden="true">
                    <span style={{ width: `${(count / summary.total) * 100}%` }} />
                  </span>
                  <span>{count}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <MyReview productId={productId} />
      {error !== undefined && <ErrorNotice message={REVIEW_TEXTS.failed} onRetry={retry} />}
      {summary?.total === 0 && <p className="empty">{REVIEW_TEXTS.none}</p>}
      <div className="review-list">
        {others.map((review) => (
          <ReviewItem key={review._id} review={review} />
        ))}
      </div>
      {canLoadMore && <LoadMore busy={loading} onClick={loadMore} />}
    </section>
  );
}
