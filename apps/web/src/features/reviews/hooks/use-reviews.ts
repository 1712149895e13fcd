import type { Review, ReviewListResponse } from '@shop/contracts/reviews';
import { useCallback, useEffect, useState } from 'react';
import { isCancelled } from '../../../lib/api-client';
import { appendNew } from '../../../lib/paging';
import { fetchReviews } from '../api/reviews-api';

type Summary = Omit<ReviewListResponse, 'success' | 'reviews'>;

/**
 * A product's reviews, page after page (Load More), and what they add up to; `reload` starts
 * again from the first page (after the shopper's own review changed).
 */
export function useReviews(productId: string) {
  const [reviews, setReviews] = useState<Review[]>([]);
  const [summary, setSummary] = useState<Summary>();
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>();
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the same page again.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchReviews(productId, page, controller.signal).then(
      ({ reviews: more, ...rest }) => {
        setReviews((shown) => (page === 1 ? more : appendNew(shown, more)));
        setSummary(rest);
        setError(undefined);
        setLoading(false);
      },
      (err: unknown) => {
        if (controller.signal.aborted || isCancelled(err)) return;
        setError(err);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [productId, page, attempt]);

  const reload = useCallback(() => {
    setPage(1);
    setAttempt((n) => n + 1);
  }, []);
  const loadMore = useCallback(() => setPage((p) => p + 1), []);
  const canLoadMore = summary !== undefined && reviews.length < summary.total;
  return { reviews, summary, loading, error, canLoadMore, loadMore, reload };
}
