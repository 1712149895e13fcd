// Brings 'vitest' into the program, so that the augmentation below has a module to extend.
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { E2E_STRIPE_KEYS, startE2eStripe } from './fake-stripe';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the e2e test forwards the browser's calls to api.stripe.com. */
    stripeBrowserUrl: string;
  }
}

/**
 * Starts the fake Stripe and puts its keys and url in the environment. Listed before the
 * harness's global setup, so the API it starts gets them (it passes STRIPE_* through).
 */
export default async function setup(project: TestProject) {
  const stripe = await startE2eStripe();
  Object.assign(process.env, E2E_STRIPE_KEYS, { STRIPE_API_BASE: stripe.apiBase });
  project.provide('stripeBrowserUrl', stripe.browserUrl);
  return stripe.close;
}
