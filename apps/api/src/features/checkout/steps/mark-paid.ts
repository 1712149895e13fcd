import { createStep } from '../../../lib/steps.js';
import { changeAndAnnounce } from '../../mail/index.js';
import { markOrderPaid } from '../../orders/index.js';
import type { Placement } from './placement.js';

/**
 * Marks the order paid and, in the same update, queues the buyer's confirmation e-mail. Should
 * it fail, a replay, the `payment_intent.succeeded` webhook or the sweep finds the checkout
 * placing and finishes it.
 */
export const markPaidAndQueueConfirmation = createStep(
  'markPaidAndQueueConfirmation',
  async ({ placement: { lease }, orderId }: { placement: Placement; orderId: string }) => {
    const paid = await changeAndAnnounce({ orderId, kind: 'placed' }, (event) =>
      markOrderPaid(orderId, lease.token, event),
    );
    if (!paid) lease.abandon();
  },
);
