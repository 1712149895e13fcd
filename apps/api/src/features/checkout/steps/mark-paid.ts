import { createStep } from '../../../lib/steps.js';
import { markOrderPaid, type StoredOrder } from '../../orders/index.js';
import type { Placement } from './placement.js';

/**
 * Marks the order paid, which the orders feature announces (`order.placed`: the buyer's
 * confirmation, the sales figures): the order as now stored. Should it fail, a replay, the
 * `payment_intent.succeeded` webhook or the sweep finds the checkout placing and finishes it.
 */
export const markPaidAndQueueConfirmation = createStep(
  'markPaidAndQueueConfirmation',
  async ({
    placement: { lease },
    order,
  }: {
    placement: Placement;
    order: StoredOrder;
  }): Promise<StoredOrder> =>
    (await markOrderPaid(order._id, lease.token, order)) ?? lease.abandon(),
);
