import { createPivotStep } from '../../../lib/steps.js';
import { capture, isAuthorized } from '../authorization.js';
import type { Placement } from './placement.js';

/**
 * Charges the card (unless a placement before this one did): the pivot, since once the buyer
 * is charged the order is kept, and nothing before it is undone any more.
 */
export const capturePayment = createPivotStep(
  'capturePayment',
  async ({ payments, intent }: Placement) => {
    if (isAuthorized(intent)) await capture(payments, intent);
  },
);
