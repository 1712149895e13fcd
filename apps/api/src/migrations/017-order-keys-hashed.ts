import { keyHashOf } from '../features/orders/access-keys.js';
import { recordOrderLinks } from '../features/orders/repository/links.js';
import type { Outcome } from './batches.js';
import { inBatches } from './batches.js';
import type { Migration } from './migration.js';
import { dropStoredOrderKey, orderIdsWhere, storedOrderKey } from './orders-as-stored.js';

/** Orders whose keys are hashed at once. */
const BATCH = 100;

/**
 * The key's hash recorded as a link of the order first, then the key taken off the order (only
 * while it is the one read): a run stopped in between records the same link again, which
 * changes nothing.
 */
async function hashOrderKey(orderId: string): Promise<Outcome> {
  const stored = await storedOrderKey(orderId);
  if (!stored) return 'done before';
  await recordOrderLinks([{ keyHash: keyHashOf(stored.key), orderId, number: stored.number }]);
  return dropStoredOrderKey(orderId, stored.key);
}

/**
 * Versions before issue 35 kept each order's link key on the order as it is (`accessKey`), so
 * whoever read the database, or a backup, could open any order by its link. The key is now kept
 * only as its SHA-256, in `order_links`, beside the links handed out since: the links in the
 * e-mails already sent keep opening their orders.
 */
export const migration: Migration = {
  id: '017-order-keys-hashed',
  name: "orders' link keys kept only as their hashes",
  async up(context) {
    const ids = await orderIdsWhere({ accessKey: { $type: 'string' } });
    const hashed = await inBatches(ids, BATCH, context, (batch) =>
      Promise.all(batch.map(hashOrderKey)),
    );
    if (hashed > 0) context.log.info(`${hashed} orders' link keys kept only as their hashes`);
  },
};
