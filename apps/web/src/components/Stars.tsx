import type { ProductRating } from '@shop/contracts';
import type { CSSProperties } from 'react';
import './Stars.css';

/** What a screen reader says of a rating (the stars themselves are drawn by CSS). */
export const ratingLabel = ({ average, count }: ProductRating) =>
  `Rated ${average} out of 5 (${count} review${count === 1 ? '' : 's'})`;

/** Five stars filled to the average; one image to assistive technology, named by its label. */
export const Stars = ({ rating, label }: { rating: ProductRating; label?: string }) => (
  <span
    className="stars"
    role="img"
    aria-label={label ?? ratingLabel(rating)}
    style={{ '--rating': rating.average } as CSSProperties}
  />
);

/** Stars and how many reviews, on a card; nothing for a product nobody reviewed yet. */
export const RatingLine = ({ rating }: { rating: ProductRating }) =>
  rating.count > 0 && (
    <p className="card-rating">
      <Stars rating={rating} /> <span aria-hidden="true">({rating.count})</span>
    </p>
  );
