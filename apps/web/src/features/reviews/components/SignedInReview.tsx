import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-client';
import { requestStateOf } from '../../../lib/request-state';
import { useSubmit } from '../../../lib/use-form';
import { myReviewQuery, myReviewWrites } from '../api/reviews-api';
import { REVIEW_TEXTS } from '../texts';
import { ReviewForm } from './ReviewForm';
import { ReviewItem } from './ReviewItem';

const failure = (err: unknown) => errorMessage(err, REVIEW_TEXTS.failed);

/**
 * The signed-in shopper's part: the form when they bought the product and have not reviewed
 * it, their review with Edit and Delete once they have. Each change has their review, the
 * product's reviews and its rating read again (myReviewWrites).
 */
export default function SignedInReview({ productId }: { productId: string }) {
  const [editing, setEditing] = useState(false);
  const mine = requestStateOf(useQuery(myReviewQuery(productId)));
  const changed = (message: string) => () => {
    toast.success(message);
    setEditing(false);
  };
  const add = useSubmit(myReviewWrites.add(productId), {
    onSuccess: changed(REVIEW_TEXTS.added),
    onFailure: failure,
  });
  const save = useSubmit(myReviewWrites.update(productId), {
    onSuccess: changed(REVIEW_TEXTS.updated),
    onFailure: failure,
  });
  const remove = useSubmit(myReviewWrites.remove(productId), {
    onSuccess: changed(REVIEW_TEXTS.deleted),
    onFailure: failure,
  });

  if (!mine.data) return null;
  const { review, canReview } = mine.data;
  if (review && editing) {
    return (
      <ReviewForm
        initial={review}
        submitLabel={REVIEW_TEXTS.save}
        busy={save.busy}
        onSubmit={(changes) => void save.run({ reviewId: review._id, review: changes })}
        onCancel={() => setEditing(false)}
      />
    );
  }
  if (review) {
    return (
      <section className="my-review" aria-label={REVIEW_TEXTS.yours}>
        <h3>{REVIEW_TEXTS.yours}</h3>
        <ReviewItem review={review}>
          <div className="review-form-actions">
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
              {REVIEW_TEXTS.edit}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              disabled={remove.busy}
              onClick={() => void remove.run(review._id)}
            >
              {REVIEW_TEXTS.remove}
            </button>
          </div>
        </ReviewItem>
      </section>
    );
  }
  if (!canReview) return <p className="muted">{REVIEW_TEXTS.onlyBuyers}</p>;
  return (
    <section className="my-review" aria-label={REVIEW_TEXTS.write}>
      <h3>{REVIEW_TEXTS.write}</h3>
      <ReviewForm
        submitLabel={REVIEW_TEXTS.submit}
        busy={add.busy}
        onSubmit={(review) => void add.run(review)}
      />
    </section>
  );
}
