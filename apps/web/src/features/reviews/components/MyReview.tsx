import { lazy, Suspense } from 'react';
import { useAuth } from '../../../lib/auth';
import { REVIEW_TEXTS } from '../texts';

/**
 * The signed-in shopper's part, with the review calls and their schemas: a chunk of its own,
 * which a signed-out visit (and the hydration of a page the server rendered) never loads.
 */
const SignedInReview = lazy(() => import('./SignedInReview'));

export function MyReview({ productId }: { productId: string }) {
  const [auth] = useAuth();
  if (!auth.user) return <p className="muted">{REVIEW_TEXTS.signIn}</p>;
  return (
    <Suspense fallback={null}>
      <SignedInReview productId={productId} />
    </Suspense>
  );
}
