import type { OrderStatus } from '@shop/contracts';
import { type Dashboard, dashboardResponseSchema } from '@shop/contracts/dashboard';
import { minor, ZERO } from '../../lib/money.js';
import { listDeliveries, randomId, recordDeliveries } from '../../lib/outbox/deliveries.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { orderEventsCounted } from '../../test/sales.js';
import { type OrderEvent, snapshotOf } from '../orders/events.js';
import { findStoredOrder } from '../orders/repository/reads.js';
import { recordStatus } from '../orders/repository/writes.js';
import { SALES_FIGURES } from './counting.js';
import { type CountedOrder, deltaOf } from './figures.js';
import { applyDelta, lastBatch, openBatch } from './repository.js';

async function dashboardOf(api: Api, token: string): Promise<Dashboard> {
  await orderEventsCounted();
  const res = await api.get('/api/v1/auth/dashboard').set('Authorization', token).expect(200);
  return dashboardResponseSchema.parse(res.body).dashboard;
}

const today = (d: Dashboard) => d.days.at(-1);
const countOf = (d: Dashboard, status: string) =>
  d.ordersByStatus.find((s) => s.status === status)?.count ?? 0;

/** A paid order of today, as the figures count it: 12.34 for 2 units of one product. */
const soldToday = (productId: string): CountedOrder => ({
  createdAt: new Date().toISOString(),
  status: 'Processing',
  payment: { success: true, amount: minor(1234), currency: 'usd' },
  lines: [{ productId, name: 'Counted once', unitPrice: minor(617), quantity: 2 }],
  breakdown: { shipping: null, tax: ZERO },
});

/**
 * Sets a paid order's status as orders/changes.ts does, its event recorded for the figures, but
 * not marked landed (its process died, or has not got there yet): the event's id.
 */
async function changeStatusUnmarked(orderId: string, status: OrderStatus, by: { id: string }) {
  const order = await findStoredOrder(orderId);
  if (!order) throw new Error('the order was not written');
  const id = randomId();
  const payload: OrderEvent = {
    orderId,
    before: { status: order.status, paid: true },
    order: snapshotOf({ ...order, status }),
  };
  await recordDeliveries(
    { id, type: 'order.status-changed', source: orderId, payload },
    [SALES_FIGURES],
    false,
  );
  const as = { status: order.status, paid: true, refunded: order.refundedDone };
  const admin = { _id: by.id, name: 'Admin', role: 'admin' as const };
  expect(await recordStatus(orderId, status, as, id, admin)).toBe('done');
  return id;
}

describe('counting the order events into the sales figures', () => {
  test('when a process died after counting a batch into some figures only, then the next count finishes it and counts nothing twice', async ({
    api,
    admin,
  }) => {
    const product = await makeOrderedProduct(10);
    const before = await dashboardOf(api, admin.token);
    const number = ((await lastBatch())?.number ?? 0) + 1;
    const delta = deltaOf([{ before: null, after: soldToday(product.id) }]);

    // The batch is written, then the status counts, and the process dies before the days.
    await openBatch({ number, deliveries: [], delta, done: false });
    await applyDelta({ days: new Map(), statuses: delta.statuses }, number);
    const after = await dashboardOf(api, admin.token);
    // Counting it once more (a second process finishing it too) changes nothing.
    await applyDelta(delta, number);

    expect((today(after)?.revenue ?? 0) - (today(before)?.revenue ?? 0)).toBe(1234);
    expect((today(after)?.orders ?? 0) - (today(before)?.orders ?? 0)).toBe(1);
    expect(countOf(after, 'Processing') - countOf(before, 'Processing')).toBe(1);
    expect(await dashboardOf(api, admin.token)).toMatchObject({
      days: after.days,
      ordersByStatus: after.ordersByStatus,
    });
    expect(after.topProducts.find((p) => p.productId === product.id)).toMatchObject({
      revenue: 1234,
      units: 2,
    });
  });

  test('when a process died between an order change and saying that it landed, then the figures count it once its recheck is due', async ({
    api,
    admin,
    user,
  }) => {
    const product = await makeOrderedProduct(20);
    const orderId = await makeOrder({ buyer: user.id, products: [product] });
    const before = await dashboardOf(api, admin.token);
    // The process dies before marking it landed.
    await changeStatusUnmarked(orderId, 'Shipped', admin);
    const after = await dashboardOf(api, admin.token);

    expect(countOf(after, 'Shipped') - countOf(before, 'Shipped')).toBe(1);
    expect(countOf(after, 'Not Process') - countOf(before, 'Not Process')).toBe(-1);
    expect(today(after)?.revenue).toBe(today(before)?.revenue);
  });

  test('when an order change landed but its publisher has not said so yet, and a later change of the order lands, then both are counted together and no status count goes below zero', async ({
    api,
    admin,
    user,
  }) => {
    const product = await makeOrderedProduct(30);
    const orderId = await makeOrder({ buyer: user.id, products: [product] });
    const before = await dashboardOf(api, admin.token);
    // Set to Processing, not marked landed yet.
    const id = await changeStatusUnmarked(orderId, 'Processing', admin);
    // Then shipped by an admin: an event from Processing, marked landed at once.
    await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'Shipped' })
      .expect(200);

    // Read as soon as the shipping is counted (long before the first change's recheck is due).
    await expect
      .poll(
        async () =>
          (await listDeliveries(SALES_FIGURES)).some(
            (d) => d.event.source === orderId && d.event.id !== id,
          ),
        { timeout: 10_000 },
      )
      .toBe(false);
    const res = await api.get('/api/v1/auth/dashboard').set('Authorization', admin.token);
    const shown = dashboardResponseSchema.parse(res.body).dashboard;

    expect(countOf(shown, 'Processing')).toBe(countOf(before, 'Processing'));
    expect(countOf(shown, 'Shipped') - countOf(before, 'Shipped')).toBe(1);
    expect(countOf(shown, 'Not Process') - countOf(before, 'Not Process')).toBe(-1);
  });
});
