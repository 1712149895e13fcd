import { type OrderStatus, toMajorUnits } from '@shop/contracts';
import { type Dashboard, dashboardResponseSchema } from '@shop/contracts/dashboard';
import { type Minor, minor, subtract, sum, ZERO } from '../../lib/money.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { unknownId } from '../../test/harness.js';
import { makeOrderedProduct } from '../../test/orders.js';
import { orderEventsCounted } from '../../test/sales.js';
import { everyOrder, insertOrder } from '../orders/index.js';
import { rebuildSalesFigures } from './index.js';

async function dashboardOf(api: Api, token: string): Promise<Dashboard> {
  await orderEventsCounted();
  const res = await api.get('/api/v1/auth/dashboard').set('Authorization', token).expect(200);
  return dashboardResponseSchema.parse(res.body).dashboard;
}

const dayOf = (d: Dashboard, date: Date) =>
  d.days.find((day) => day.date === date.toISOString().slice(0, 10));
const discountIn = (d: Dashboard, discountId: string) =>
  d.topDiscounts.find((t) => t.discountId === discountId);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

interface Taken {
  _id: string;
  code: string | null;
  title: string;
  amount: Minor;
}

/**
 * A paid order straight in the database, as the checkout records one placed with `discounts`
 * (minor units): goods of `subtotal` less the discounts, untaxed and unshipped.
 */
async function orderWith(
  buyer: string,
  subtotal: number,
  discounts: Taken[],
  options: { status?: OrderStatus; createdAt?: Date } = {},
) {
  const product = await makeOrderedProduct(toMajorUnits(subtotal, 'usd'));
  const total = subtract(minor(subtotal), sum(discounts.map((d) => d.amount)));
  const orderId = await insertOrder({
    lines: [{ productId: product.id, name: product.name, unitPrice: minor(subtotal), quantity: 1 }],
    payment: {
      id: `pi_discounted_${unknownId()}`,
      success: true,
      status: 'succeeded',
      amount: total,
      currency: 'usd',
    },
    buyer: { _id: buyer },
    breakdown: {
      pricesIncludeTax: false,
      lines: [{ net: total, tax: ZERO, gross: total, bp: 0 }],
      subtotal: minor(subtotal),
      shipping: null,
      tax: ZERO,
      total,
      discounts,
    },
    ...options,
  });
  if (!orderId) throw new Error('the order was not inserted');
  return total;
}

const welcome = (amount: number): Taken => ({
  _id: WELCOME_ID,
  code: 'WELCOME10',
  title: 'Welcome',
  amount: minor(amount),
});
const WELCOME_ID = unknownId();

describe('GET /api/v1/auth/dashboard: discounts given', () => {
  test('when orders are placed with discounts, then their day counts what the discounts took off and the top discounts list each with its orders and revenue', async ({
    api,
    admin,
    user,
  }) => {
    const spend50 = { _id: unknownId(), code: null, title: 'Spend 50 save 5', amount: minor(500) };
    const before = await dashboardOf(api, admin.token);

    const paidA = await orderWith(user.id, 12_000, [welcome(1200), spend50]);
    const paidB = await orderWith(user.id, 3_000, [welcome(300)]);
    // Cancelled: neither its revenue nor its discount counts.
    await orderWith(user.id, 9_000, [welcome(900)], { status: 'cancel' });

    const after = await dashboardOf(api, admin.token);
    const today = new Date();
    expect((dayOf(after, today)?.discounts ?? 0) - (dayOf(before, today)?.discounts ?? 0)).toBe(
      1200 + 500 + 300,
    );
    expect(discountIn(after, WELCOME_ID)).toEqual({
      discountId: WELCOME_ID,
      code: 'WELCOME10',
      title: 'Welcome',
      orders: 2,
      revenue: paidA + paidB,
      discounts: 1500,
    });
    expect(discountIn(after, spend50._id)).toEqual({
      discountId: spend50._id,
      code: null,
      title: 'Spend 50 save 5',
      orders: 1,
      revenue: paidA,
      discounts: 500,
    });
  });

  test('when a discount was used on an earlier day, then that day counts it, the ranking sums the 30 days, and an order older than them is left out', async ({
    api,
    admin,
    user,
  }) => {
    const autumn = { _id: unknownId(), code: 'AUTUMN', title: 'Autumn', amount: minor(700) };
    const paidEarlier = await orderWith(user.id, 7_000, [autumn], { createdAt: daysAgo(3) });
    const paidToday = await orderWith(user.id, 2_000, [{ ...autumn, amount: minor(200) }]);
    await orderWith(user.id, 5_000, [{ ...autumn, amount: minor(500) }], {
      createdAt: daysAgo(45),
    });

    const dashboard = await dashboardOf(api, admin.token);

    expect(dayOf(dashboard, daysAgo(3))?.discounts).toBe(700);
    expect(discountIn(dashboard, autumn._id)).toMatchObject({
      orders: 2,
      revenue: paidEarlier + paidToday,
      discounts: 900,
    });
  });

  test('when the figures are rebuilt from the orders, then the discounts given equal the counted ones', async ({
    api,
    admin,
    user,
  }) => {
    await orderWith(user.id, 4_000, [welcome(400)]);
    const { asOf: _, ...counted } = await dashboardOf(api, admin.token);

    await rebuildSalesFigures(everyOrder());

    const { asOf: __, ...recounted } = await dashboardOf(api, admin.token);
    expect(recounted).toEqual(counted);
    expect(discountIn(recounted as Dashboard, WELCOME_ID)?.orders).toBeGreaterThan(0);
  });
});
