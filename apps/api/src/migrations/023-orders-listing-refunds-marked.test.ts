import mongoose from 'mongoose';
import { capturedOf, type RefundAsk, refundWorth } from '../features/orders/refund-amounts.js';
import { STALE_REFUND_MS, sweepStaleRefunds } from '../features/orders/refund-sweep.js';
import { findStoredOrder } from '../features/orders/repository/reads.js';
import { holdRefund, newRefundId } from '../features/orders/repository/refund-writes.js';
import { createPayments } from '../lib/stripe.js';
import { describe, expect, checkoutTest as test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { MUG, paidOrder } from '../test/refunds.js';
import { migration } from './023-orders-listing-refunds-marked.js';

const orders = () =>
  mongoose.connection.collection<{
    _id: mongoose.Types.ObjectId;
    refundsListed?: number;
    pendingRefunds?: string[];
  }>('orders');

const stored = (orderId: string) => orders().findOne({ _id: new mongoose.Types.ObjectId(orderId) });

describe('migration 023: orders listing pending refunds marked for their sweep', () => {
  test('when an earlier version left an order listing a pending refund, unmarked, then it is marked and the sweep finishes its refund; the list index dropped; run again, nothing', async ({
    app,
    admin,
    stripe,
  }) => {
    const payments = createPayments(app.config);
    if (!payments) throw new Error('the test app takes no card payments');
    const orderId = await paidOrder(stripe);
    const untouched = await paidOrder(stripe);
    const order = await findStoredOrder(orderId);
    if (!order) throw new Error('the order is gone');
    const refundId = newRefundId();
    const ask: RefundAsk = {
      lines: [{ sku: MUG, quantity: 2 }],
      shipping: false,
      amount: 0 as RefundAsk['amount'],
      reason: 'Arrived broken',
    };
    const held = await holdRefund(orderId, refundId, {
      worth: refundWorth(order, ask),
      ask,
      by: { _id: admin.id, name: 'Admin' },
      captured: capturedOf(order),
    });
    expect(held).toBe(true);
    // As the earlier version left it: listed, not marked, and its list indexed.
    await orders().updateOne(
      { _id: new mongoose.Types.ObjectId(orderId) },
      { $unset: { refundsListed: '' } },
    );
    await orders().createIndex({ pendingRefunds: 1 });
    const later = new Date(Date.now() + STALE_REFUND_MS + 1_000);
    expect(await sweepStaleRefunds(payments, later)).toBe(0);

    const [migrated, again] = [await runMigration(migration), await runMigration(migration)];

    expect(migrated.lines).toEqual([
      '1 orders listing pending refunds marked for their sweep',
      'the index of pending refunds dropped',
    ]);
    expect(again.lines).toEqual([]);
    expect((await stored(orderId))?.refundsListed).toBe(1);
    expect((await stored(untouched))?.refundsListed).toBeUndefined();
    expect(await orders().indexExists('pendingRefunds_1')).toBe(false);
    expect(await sweepStaleRefunds(payments, later)).toBe(1);
    expect((await findStoredOrder(orderId))?.refunds.map((r) => r.status)).toEqual(['done']);
    // The list now empty, the next sweep takes the mark off.
    await sweepStaleRefunds(payments, later);
    expect(await stored(orderId)).toMatchObject({ pendingRefunds: [] });
    expect((await stored(orderId))?.refundsListed).toBeUndefined();
  });
});
