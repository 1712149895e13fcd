import type { ReviewRequest } from '@shop/contracts/reviews';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../lib/api-client';
import { PRIVATE_READ } from '../../../lib/query';
import { requestStateOf } from '../../../lib/request-state';
import { useSubmit } from '../../../lib/use-form';
import { deleteReview, fetchMyReview, postReview, updateReview } from '../api/reviews-api';
import { REVIEW_TEXTS } from '../texts';
import { ReviewForm } from './ReviewForm';
import { ReviewItem } from './ReviewItem';

const failure = (err: unknown) => errorMessage(err, REVIEW_TEXTS.failed);

/**
 * The signed-in shopper's part: the form when they bought the product and have not reviewed
 * it, their review with Edit and Delete once they have. `onChanged` after each change.
 */
export default function SignedInReview({
  productId,
  onChanged,
}: {
  productId: string;
  onChanged: () => void;
}) {
  const [version, setVersion] = useState(0);
  const [editing, setEditing] = useState(false);
  const mine = requestStateOf(
    useQuery({
      queryKey: ['account', 'my-review', productId, version],
      queryFn: ({ signal }) => fetchMyReview(productId, signal),
      ...PRIVATE_READ,
    }),
  );
  const changed = (message: string) => {
    toast.success(message);
    setEditing(false);
    setVersion((n) => n + 1);
    onChanged();
  };
  const add = useSubmit(async (review: ReviewRequest) => {
    await postReview(productId, review);
    changed(REVIEW_TEXTS.added);
  }, failure);
  const save = useSubmit(async (reviewId: string, review: ReviewRequest) => {
    await updateReview(productId, reviewId, review);
    changed(REVIEW_TEXTS.updated);
  }, failure);
  const remove = useSubmit(async (reviewId: string) => {
    await deleteReview(productId, reviewId);
    changed(REVIEW_TEXTS.deleted);
  }, failure);

  if (!mine.data) return null;
  const { review, canReview } = mine.data;
  if (review && editing) {
    return (
      <ReviewForm
        initial={review}
        submitLabel={REVIEW_TEXTS.save}
        busy={save.busy}
        onSubmit={(changes) => void save.run(review._id, changes)}
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
