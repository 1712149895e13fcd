export const TEST_WEBHOOK_SECRET = 'whsec_test_secret';

/** The settings that turn card payments on, against the Stripe stand-in at `url`. */
export const stripeEnv = (url: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
  STRIPE_API_BASE: url,
});
