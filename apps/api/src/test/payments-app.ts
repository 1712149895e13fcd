import { startFakeStripe } from './fake-stripe.js';
import { startTestApp } from './harness.js';

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret';

/** The settings that turn card payments on, against the Stripe stand-in at `url`. */
export const stripeEnv = (url: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_API_BASE: url,
});

/** The real app with card payments configured against a fake Stripe of its own. */
export async function startPaymentsTestApp(overrides: Record<string, string> = {}) {
  const fake = await startFakeStripe();
  const t = await startTestApp({ ...stripeEnv(fake.url), ...overrides });
  return {
    ...t,
    fake,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}
