import { capturedOf, refundWorth } from '../features/orders/refund-amounts.js';
import { findStoredOrder } from '../features/orders/repository/reads.js';
import { holdRefund, newRefundId } from '../features/orders/repository/refund-writes.js';
import { minor } from '../lib/money.js';
import { describe, expect, checkoutTest as test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { storedDocument, unlistPendingRefunds } from '../test/raw-documents.js';
import { paidOrder, refund } from '../test/refunds.js';
import { migration } from './019-pending-refunds-listed.js';

describe('migration 019: pending refunds listed', () => {
  test('when an earlier version left a refund pending and one done, then only the pending one is listed, once however often it runs', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    await refund(api, admin.token, orderId, { amount: 1, reason: 'Goodwill' }).expect(201);
    const order = await findStoredOrder(orderId);
    if (!order) throw new Error('the order is gone');
    const ask = { lines: [], shipping: false, amount: minor(200), reason: 'Late' };
    const pendingId = newRefundId();
    const by = { _id: admin.id, name: 'Admin' };
    const worth = refundWorth(order, ask);
    await holdRefund(orderId, pendingId, { worth, ask, by, captured: capturedOf(order) });
    await unlistPendingRefunds(orderId);

    const [migrated, again] = [await runMigration(migration), await runMigration(migration)];

    expect(migrated.lines).toEqual(["1 orders' pending refunds listed for their sweep"]);
    expect(again.lines).toEqual([]);
    expect((await storedDocument('orders', orderId))?.pendingRefunds).toEqual([pendingId]);
  });
});
