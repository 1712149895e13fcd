import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, type ReviewRequest } from '@shop/contracts/reviews';
import { useId } from 'react';
import { FormField } from '../../../components/FormField';
import { useFields } from '../../../lib/use-form';

const STAR_CHOICES = ['5', '4', '3', '2', '1'] as const;

/** The rating, title and text of a review: a new one, or one's own being changed. */
export function ReviewForm({
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  initial?: ReviewRequest;
  submitLabel: string;
  busy: boolean;
  onSubmit: (review: ReviewRequest) => void;
  onCancel?: () => void;
}) {
  const ids = { rating: useId(), body: useId() };
  const { values, bind } = useFields({
    rating: String(initial?.rating ?? 5),
    title: initial?.title ?? '',
    body: initial?.body ?? '',
  });
  return (
    <form
      className="review-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ rating: Number(values.rating), title: values.title, body: values.body });
      }}
    >
      <div className="form-field">
        <label htmlFor={ids.rating}>Rating</label>
        <select id={ids.rating} className="form-control" {...bind('rating')}>
          {STAR_CHOICES.map((stars) => (
            <option key={stars} value={stars}>
              {`${'★'.repeat(Number(stars))} (${stars} out of 5)`}
            </option>
          ))}
        </select>
      </div>
      <FormField label="Title" required maxLength={REVIEW_TITLE_MAX} {...bind('title')} />
      <div className="form-field">
        <label htmlFor={ids.body}>Review</label>
        <textarea
          id={ids.body}
          className="form-control"
          rows={4}
          required
          maxLength={REVIEW_BODY_MAX}
          {...bind('body')}
        />
      </div>
      <div className="review-form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
