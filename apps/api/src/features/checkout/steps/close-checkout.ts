import { createStep } from '../../../lib/steps.js';
import { closePlaced } from '../repository.js';

/** The checkout is placed, and names its order: a replay of its payment answers that order. */
export const closeCheckout = createStep(
  'closeCheckout',
  async ({ checkoutId, orderId }: { checkoutId: string; orderId: string }) => {
    await closePlaced(checkoutId, orderId);
  },
);
