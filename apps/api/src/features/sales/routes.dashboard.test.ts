import { type OrderStatus, orderResponseSchema, toMinorUnits } from '@shop/contracts';
import { type Dashboard, dashboardResponseSchema } from '@shop/contracts/dashboard';
import {
  createProduct,
  placeOrderCall,
  startCheckout,
  TEST_DELIVERY_ADDRESS,
} from '../../test/checkout.js';
import { type Api, checkoutTest, describe, expect } from '../../test/fixtures.js';
import { createUser, notAdmins, withToken } from '../../test/harness.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { setTaxes, setZones } from '../../test/pricing-settings.js';
import { STANDARD, setUpPricedShop, twoLampsAndABook } from '../../test/pricing-shop.js';
import { orderEventsCounted } from '../../test/sales.js';
import { everyOrder } from '../orders/index.js';
import { rebuildSalesFigures } from './index.js';

// Orders are placed and cancelled with card payments, against a fake Stripe.
const test = checkoutTest.extend(
  'placed',
  async ({ app, checkoutOf }) =>
    /** A placed and captured order of 2 lamps at 15.5: 31.00 */
    async () => {
      const lamp = await createProduct({ price: 15.5, quantity: 50 });
      const { user, paymentIntentId, amount } = await checkoutOf([{ _id: lamp.id, quantity: 2 }]);
      const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
      return { lamp, amount, orderId: orderResponseSchema.parse(res.body).order._id };
    },
);
test.afterEach(({ stripe }) => stripe.heal());

async function dashboardOf(api: Api, token: string): Promise<Dashboard> {
  await orderEventsCounted();
  const res = await api.get('/api/v1/auth/dashboard').set('Authorization', token).expect(200);
  return dashboardResponseSchema.parse(res.body).dashboard;
}

const today = (d: Dashboard) =>
  d.days.at(-1) ?? {
    revenue: Number.NaN,
    shipping: Number.NaN,
    tax: Number.NaN,
    orders: Number.NaN,
  };
const countOf = (d: Dashboard, status: OrderStatus) =>
  d.ordersByStatus.find((s) => s.status === status)?.count;
const productIn = (d: Dashboard, productId: string) =>
  d.topProducts.find((p) => p.productId === productId);

/** What moved between two readings of the dashboard. */
const moved = (before: Dashboard, after: Dashboard) => ({
  revenue: today(after).revenue - today(before).revenue,
  orders: today(after).orders - today(before).orders,
  statuses: Object.fromEntries(
    after.ordersByStatus
      .map((s) => [s.status, s.count - (countOf(before, s.status) ?? 0)] as const)
      .filter(([, n]) => n !== 0),
  ),
});

const setStatus = (api: Api, token: string, orderId: string, status: OrderStatus) =>
  api.put(`/api/v1/auth/order-status/${orderId}`).set('Authorization', token).send({ status });

describe('GET /api/v1/auth/dashboard', () => {
  test('when an order with shipping and tax is placed, then today counts them within its revenue; cancelled, they leave', async ({
    api,
    admin,
    app,
    stripe,
    onTestFinished,
  }) => {
    await setUpPricedShop(api, admin);
    // The other tests of this file deliver where this shop does not.
    onTestFinished(async () => {
      await setZones(api, admin, 'usd', []);
      await setTaxes(api, admin, []);
    });
    const { cart } = await twoLampsAndABook();
    const buyer = await createUser();
    const { paymentIntentId } = await startCheckout(app.app, buyer.token, cart, {
      deliveryAddress: { ...TEST_DELIVERY_ADDRESS, country: 'DE' },
      shippingMethod: STANDARD._id,
    });
    stripe.confirm(paymentIntentId);
    const before = await dashboardOf(api, admin.token);

    const res = await placeOrderCall(app.app, buyer.token, paymentIntentId).expect(201);
    const placed = await dashboardOf(api, admin.token);
    await setStatus(api, admin.token, orderResponseSchema.parse(res.body).order._id, 'cancel');
    const cancelled = await dashboardOf(api, admin.token);

    const figures = (d: Dashboard) => {
      const { revenue, shipping, tax } = today(d);
      return { revenue, shipping, tax };
    };
    const change = (from: Dashboard, to: Dashboard) => ({
      revenue: figures(to).revenue - figures(from).revenue,
      shipping: figures(to).shipping - figures(from).shipping,
      tax: figures(to).tax - figures(from).tax,
    });
    // $66.25 of which $4.90 shipping and $9.37 tax (see checkout's routes.quote.test.ts).
    expect(change(before, placed)).toEqual({ revenue: 6625, shipping: 490, tax: 937 });
    expect(figures(cancelled)).toEqual(figures(before));
  });

  test('when an order is placed, then today counts it, its status and its product', async ({
    api,
    admin,
    placed,
  }) => {
    const before = await dashboardOf(api, admin.token);

    const { lamp, amount } = await placed();

    const after = await dashboardOf(api, admin.token);
    expect(amount).toBe(3100);
    expect(moved(before, after)).toEqual({
      revenue: 3100,
      orders: 1,
      statuses: { 'Not Process': 1 },
    });
    expect(productIn(after, lamp.id)).toEqual({
      productId: lamp.id,
      name: lamp.name,
      revenue: 3100,
      units: 2,
    });
    expect(after.days).toHaveLength(30);
    expect(today(after)).toMatchObject({ date: new Date().toISOString().slice(0, 10) });
  });

  test('when an admin changes the status, then the status counts move and revenue stays', async ({
    api,
    admin,
    placed,
  }) => {
    const { orderId } = await placed();
    const before = await dashboardOf(api, admin.token);

    await setStatus(api, admin.token, orderId, 'Shipped').expect(200);
    await setStatus(api, admin.token, orderId, 'Shipped').expect(200);

    expect(moved(before, await dashboardOf(api, admin.token))).toEqual({
      revenue: 0,
      orders: 0,
      statuses: { 'Not Process': -1, Shipped: 1 },
    });
  });

  test('when an order is cancelled, then its revenue, units and order leave the figures', async ({
    api,
    admin,
    placed,
  }) => {
    const { orderId, lamp } = await placed();
    await setStatus(api, admin.token, orderId, 'Processing').expect(200);
    const before = await dashboardOf(api, admin.token);
    expect(productIn(before, lamp.id)).toMatchObject({ revenue: 3100, units: 2 });

    await setStatus(api, admin.token, orderId, 'cancel').expect(200);

    const after = await dashboardOf(api, admin.token);
    expect(moved(before, after)).toEqual({
      revenue: -3100,
      orders: -1,
      statuses: { Processing: -1, cancel: 1 },
    });
    expect(productIn(after, lamp.id)).toBeUndefined();
  });

  test('when two admins change one order at once, then each change is counted once', async ({
    api,
    admin,
    placed,
  }) => {
    const shipped = await placed();
    const cancelled = await placed();
    const before = await dashboardOf(api, admin.token);

    const answers = await Promise.all([
      setStatus(api, admin.token, shipped.orderId, 'Shipped'),
      setStatus(api, admin.token, shipped.orderId, 'Shipped'),
      setStatus(api, admin.token, cancelled.orderId, 'cancel'),
      setStatus(api, admin.token, cancelled.orderId, 'cancel'),
    ]);

    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(moved(before, await dashboardOf(api, admin.token))).toEqual({
      revenue: -3100,
      orders: -1,
      statuses: { 'Not Process': -2, Shipped: 1, cancel: 1 },
    });
  });

  test('when orders were placed on earlier days, then each counts on its own UTC day', async ({
    api,
    admin,
    user,
  }) => {
    const mug = await makeOrderedProduct(12.25);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await makeOrder({ buyer: user.id, products: [mug], createdAt: daysAgo(3) });
    await makeOrder({ buyer: user.id, products: [mug], createdAt: daysAgo(3), status: 'cancel' });
    // Older than the charts: counted in its status, not in the 30 days.
    await makeOrder({ buyer: user.id, products: [mug], createdAt: daysAgo(45) });

    const dashboard = await dashboardOf(api, admin.token);

    const day = dashboard.days.find((d) => d.date === daysAgo(3).toISOString().slice(0, 10));
    expect(day).toEqual(expect.objectContaining({ orders: 1, revenue: toMinorUnits(24.5, 'usd') }));
    expect(productIn(dashboard, mug.id)).toMatchObject({ revenue: 2450, units: 2 });
  });

  test('when the figures are rebuilt from the orders, then they equal the counted ones', async ({
    api,
    admin,
    placed,
  }) => {
    const { orderId } = await placed();
    await setStatus(api, admin.token, orderId, 'deliverd').expect(200);
    const cancelled = await placed();
    await setStatus(api, admin.token, cancelled.orderId, 'cancel').expect(200);
    const { asOf: _, ...counted } = await dashboardOf(api, admin.token);

    const rebuilt = await rebuildSalesFigures(everyOrder());

    expect(rebuilt.orders).toBeGreaterThanOrEqual(2);
    const { asOf: __, ...recounted } = await dashboardOf(api, admin.token);
    expect(recounted).toEqual(counted);
  });

  test('when the caller is not signed in or no admin, then 401 or 403 and no figures', async ({
    api,
    user,
  }) => {
    for (const [label, token, status] of notAdmins(user)) {
      const res = await withToken(api.get('/api/v1/auth/dashboard'), token);
      expect({ label, status: res.status, body: res.body }).toEqual({
        label,
        status,
        body: { success: false, message: expect.any(String) },
      });
    }
  });
});
