import { createStep } from '../../../lib/steps.js';
import { markOrderPaid, type StoredOrder } from '../../orders/index.js';
import type { Placement } from './placement.js';

/**
 * Marks the order paid, which the orders feature announces (`order.placed`: the buyer's
 * confirmation, the sales figures). Should it fail, a replay, the `payment_intent.succeeded`
 * webhook or the sweep finds the checkout placing and finishes it.
 */
export const markPaidAndQueueConfirmation = createStep(
  'markPaidAndQueueConfirmation',
  async ({ placement: { lease }, order }: { placement: Placement; order: StoredOrder }) => {
    if (!(await markOrderPaid(order._id, lease.token, order))) lease.abandon();
  },
);
