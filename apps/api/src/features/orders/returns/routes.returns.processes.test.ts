import { describe, expect, twoProcessTest as test } from '../../../test/fixtures.js';
import { orderNow } from '../../../test/refunds.js';
import { approvedReturnOfTwoM, moveReturn } from '../../../test/returns.js';

describe('returns over two API processes', () => {
  // Named here, so that the second process starts before the test is timed.
  test.beforeAll(async ({ otherUrl: _ }) => {});

  test('when an admin’s received and refunded calls are repeated at once on two processes, then the units go back on the shelf once and the return is refunded once', async ({
    api,
    other,
    admin,
    stripe,
    category,
  }) => {
    const { orderId, returnId, m, stockOfM } = await approvedReturnOfTwoM(
      api,
      admin.token,
      stripe,
      category.id,
    );
    const before = await stockOfM();

    const received = { status: 'received', restock: [{ sku: m.sku, quantity: 2 }] };
    const receipts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        moveReturn(i % 2 ? other : api, admin.token, returnId, received),
      ),
    );
    const refunds = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        moveReturn(i % 2 ? other : api, admin.token, returnId, { status: 'refunded' }),
      ),
    );

    expect(receipts.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(refunds.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(await stockOfM()).toBe(before + 2);
    const order = await orderNow(orderId);
    expect(order.refunds?.map((r) => [r._id, r.amount, r.status])).toEqual([
      [returnId, 40, 'done'],
    ]);
    expect(stripe.refundedOf(order.payment.id)).toBe(4000);
  });
});
