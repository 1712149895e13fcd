import { inBatches, type Outcome } from './batches.js';
import type { Migration } from './migration.js';
import { listPendingRefund, orderIdsWhere, unlistedPendingRefunds } from './orders-as-stored.js';

/** Orders looked at at once. */
const BATCH = 100;

/** Lists the order's pending refunds that it does not list: 'done' when it listed any. */
async function listPendingRefunds(orderId: string): Promise<Outcome> {
  let listed = 0;
  for (const refundId of await unlistedPendingRefunds(orderId)) {
    if ((await listPendingRefund(orderId, refundId)) === 'done') listed += 1;
  }
  return listed > 0 ? 'done' : 'done before';
}

/**
 * An order lists its pending refunds' ids (`pendingRefunds`), so that the sweep of refunds a
 * crash left pending finds them (features/orders/refund-sweep.ts). A refund held by an earlier
 * version and still pending (its process died before Stripe answered) is listed now; one that
 * ended meanwhile is not (the list's update requires it pending).
 */
export const migration: Migration = {
  id: '019-pending-refunds-listed',
  name: "orders' pending refunds listed for their sweep",
  async up(context) {
    const ids = await orderIdsWhere({ refunds: { $exists: true } });
    const listed = await inBatches(ids, BATCH, context, (batch) =>
      Promise.all(batch.map(listPendingRefunds)),
    );
    if (listed > 0) context.log.info(`${listed} orders' pending refunds listed for their sweep`);
  },
};
