import type { Review } from '@shop/contracts/reviews';
import type { ReactNode } from 'react';
import { Stars } from '../../../components/Stars';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** One review, its text shown as text (React escapes it: markup in a review never runs). */
export function ReviewItem({ review, children }: { review: Review; children?: ReactNode }) {
  return (
    <article className="review" aria-label={`Review by ${review.user.name}`}>
      <header className="review-head">
        <Stars
          rating={{ average: review.rating, count: 1 }}
          label={`${review.rating} out of 5 stars`}
        />
        <strong className="review-title">{review.title}</strong>
      </header>
      <p className="review-meta">
        {review.user.name} · {dateOf(review.createdAt)}
        {review.verifiedPurchase && <span className="verified"> · Verified purchase</span>}
        {review.hidden && <span className="hidden-mark"> · Hidden by the shop</span>}
      </p>
      <p className="review-body">{review.body}</p>
      {children}
    </article>
  );
}
