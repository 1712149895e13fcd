import type { PaymentIntentResult } from '@stripe/stripe-js';
import { createContext, type ReactNode, useContext } from 'react';
import { vi } from 'vitest';

/**
 * Stripe.js and react-stripe-js replaced at the module boundary: they are the provider's
 * network edge. The fake keeps react-stripe-js's contract: useStripe and useElements are null
 * until <Elements> receives a Stripe instance, and getElement(CardElement) finds the card.
 */
export const fakeStripe = {
  confirmCardPayment: vi.fn<(...args: unknown[]) => Promise<PaymentIntentResult>>(),
};
export const fakeCard = { elementType: 'card' };
const fakeElements = { getElement: () => fakeCard };

const StripeContext = createContext<typeof fakeStripe | null>(null);

export const reactStripeFake = {
  Elements: ({ stripe, children }: { stripe: typeof fakeStripe | null; children: ReactNode }) => (
    <StripeContext.Provider value={stripe}>{children}</StripeContext.Provider>
  ),
  CardElement: () => <input aria-label="Card number" />,
  useStripe: () => useContext(StripeContext),
  useElements: () => (useContext(StripeContext) ? fakeElements : null),
};

export const loadStripeFake = vi.fn(async (_key: string) => fakeStripe);

/** What confirming the shop's (manual capture) PaymentIntent answers: authorized, not charged. */
export const authorizedPayment = (id: string): PaymentIntentResult =>
  ({ paymentIntent: { id, status: 'requires_capture' } }) as PaymentIntentResult;

/** What confirming an automatically captured PaymentIntent answers: charged. */
export const succeededPayment = (id: string): PaymentIntentResult =>
  ({ paymentIntent: { id, status: 'succeeded' } }) as PaymentIntentResult;
