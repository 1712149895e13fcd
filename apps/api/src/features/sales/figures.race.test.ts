import { type OrderStatus, orderResponseSchema } from '@shop/contracts';
import { type Dashboard, dashboardResponseSchema } from '@shop/contracts/dashboard';
import { describe, expect, inject, it } from 'vitest';
import { createProduct } from '../../test/checkout.js';
import {
  type ApiProcess,
  createBuyers,
  placeOrder,
  startCheckout,
  withTwoApiProcesses,
} from '../../test/oversell.js';
import { findStoredOrder } from '../orders/index.js';

const dashboardOf = async (api: ApiProcess, admin: string): Promise<Dashboard> => {
  const res = await fetch(`${api.url}/api/v1/auth/dashboard`, {
    headers: { Authorization: `Bearer ${admin}` },
  });
  return dashboardResponseSchema.parse(await res.json()).dashboard;
};

const setStatus = (api: ApiProcess, admin: string, orderId: string, status: OrderStatus) =>
  fetch(`${api.url}/api/v1/auth/order-status/${orderId}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}` },
    body: JSON.stringify({ status }),
  });

/** What the dashboard must say of `orders`, read from the orders themselves. */
async function expectedOf(orderIds: readonly string[]) {
  const orders = await Promise.all(orderIds.map((id) => findStoredOrder(id)));
  const statuses: Record<string, number> = {};
  let revenue = 0;
  let sold = 0;
  for (const order of orders) {
    if (!order) throw new Error('an order placed in the race is gone');
    statuses[order.status] = (statuses[order.status] ?? 0) + 1;
    if (order.status === 'cancel') continue;
    revenue += order.payment.amount;
    sold += 1;
  }
  return { statuses, revenue, orders: sold };
}

const shownBy = (d: Dashboard) => ({
  statuses: Object.fromEntries(
    d.ordersByStatus.filter((s) => s.count > 0).map((s) => [s.status, s.count]),
  ),
  revenue: d.days.at(-1)?.revenue,
  orders: d.days.at(-1)?.orders,
});

describe('the sales figures over two API processes', () => {
  it('when both processes place, change and cancel the same orders at once, then each change is counted once', async () => {
    await withTwoApiProcesses(inject('mongoUrl'), 'sales_race', async ([a, b], fake) => {
      const product = await createProduct({ price: 12, quantity: 100 });
      const [admin = ''] = await createBuyers(1, 1);
      const buyers = await createBuyers(6);

      // Each payment placed on both processes at once: one order each.
      const orderIds = await Promise.all(
        buyers.map(async (token) => {
          const paymentIntentId = await startCheckout(a.url, token, product.id);
          if (!paymentIntentId) throw new Error('create-payment-intent refused a product in stock');
          fake.confirm(paymentIntentId);
          const answers = await Promise.all([
            placeOrder(a.url, token, paymentIntentId),
            placeOrder(b.url, token, paymentIntentId),
          ]);
          expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
          return orderResponseSchema.parse(await (answers[0] as Response).json()).order._id;
        }),
      );

      // Two orders shipped by both, two set to two statuses at once, two cancelled by both.
      const [s1, s2, t1, t2, c1, c2] = orderIds as [string, string, string, string, string, string];
      const changes = await Promise.all([
        ...[s1, s2].flatMap((id) => [
          setStatus(a, admin, id, 'Shipped'),
          setStatus(b, admin, id, 'Shipped'),
        ]),
        ...[t1, t2].flatMap((id) => [
          setStatus(a, admin, id, 'Processing'),
          setStatus(b, admin, id, 'deliverd'),
        ]),
        ...[c1, c2].flatMap((id) => [
          setStatus(a, admin, id, 'cancel'),
          setStatus(b, admin, id, 'cancel'),
        ]),
      ]);
      expect(changes.map((r) => r.status)).toEqual(Array(12).fill(200));

      const expected = await expectedOf(orderIds);
      expect(expected).toMatchObject({ revenue: 4 * 1200, orders: 4 });
      expect(expected.statuses).toMatchObject({ Shipped: 2, cancel: 2 });
      // Each process shows the other's changes within its second of kept figures.
      await expect
        .poll(async () => shownBy(await dashboardOf(a, admin)), { timeout: 5000 })
        .toEqual(expected);
      await expect
        .poll(async () => shownBy(await dashboardOf(b, admin)), { timeout: 5000 })
        .toEqual(expected);
    });
  }, 180_000);
});
