import { makeShirt } from '../../../test/catalogue.js';
import { describe, expect, twoProcessTest as test } from '../../../test/fixtures.js';
import { orderNow } from '../../../test/refunds.js';
import { askReturn, keyOf, moveReturn, returnOf, shirtOrder } from '../../../test/returns.js';
import { findProduct } from '../../products/index.js';

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
    const shirt = await makeShirt(category.id);
    const m = shirt.variant('M', 'Black');
    const orderId = await shirtOrder(stripe, shirt);
    const { number, key } = await keyOf(orderId);
    const ask = { lines: [{ sku: m.sku, quantity: 2 }], reason: 'Too big' };
    const asked = returnOf((await askReturn(api, number, ask, { key }).expect(201)).body);
    await moveReturn(api, admin.token, asked._id, { status: 'approved' }).expect(200);
    const stockOfM = async () =>
      (await findProduct(shirt.id))?.variants.find((v) => v._id === m._id)?.quantity ?? 0;
    const before = await stockOfM();

    const received = { status: 'received', restock: [{ sku: m.sku, quantity: 2 }] };
    const receipts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        moveReturn(i % 2 ? other : api, admin.token, asked._id, received),
      ),
    );
    const refunds = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        moveReturn(i % 2 ? other : api, admin.token, asked._id, { status: 'refunded' }),
      ),
    );

    expect(receipts.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(refunds.map((res) => res.status)).toEqual(Array(10).fill(200));
    expect(await stockOfM()).toBe(before + 2);
    const order = await orderNow(orderId);
    expect(order.refunds?.map((r) => [r._id, r.amount, r.status])).toEqual([
      [asked._id, 40, 'done'],
    ]);
    expect(stripe.refundedOf(order.payment.id)).toBe(4000);
  });
});
