import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const loading = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js is fetched only when a card form is about to show (the `pure` entry does not
 * inject the script on import), once per key. A failed load is forgotten, so that trying
 * again fetches the script afresh.
 */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  const cached = loading.get(publishableKey);
  if (cached) return cached;
  const promise = loadStripe(publishableKey);
  loading.set(publishableKey, promise);
  promise.catch(() => loading.delete(publishableKey));
  return promise;
}
