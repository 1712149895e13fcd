import mongoose from 'mongoose';
import { makeShirt } from '../../../test/catalogue.js';
import {
  type Api,
  describe,
  expect,
  type FakeStripe,
  checkoutTest as test,
} from '../../../test/fixtures.js';
import { approvedReturnOfTwoM, moveReturn, returnOf } from '../../../test/returns.js';
import { findProduct, RESTOCKS_KEPT, restockOnce } from '../../products/index.js';
import { stockLinesOf } from '../order.js';
import { findStoredOrder } from '../repository/reads.js';
import { pendingRestockOf, moveReturn as recordMove } from '../repository/returns.js';
import { finishPendingRestocks, RESTOCK_GRACE_MS } from './restock.js';

/** A moment at which a restock pending now is left to the sweep. */
const later = () => new Date(Date.now() + RESTOCK_GRACE_MS + 1_000);

interface Fixtures {
  api: Api;
  admin: { id: string; token: string };
  stripe: FakeStripe;
  category: { id: string };
}

/**
 * An approved return of two black shirts in M, and what a call marking it received with both
 * back on the shelf leaves when its process dies right after the return's update: the restock
 * recorded, pending, no unit back yet. The return, and how to read M's stock.
 */
async function receivedByADeadProcess({ api, admin, stripe, category }: Fixtures) {
  const approved = await approvedReturnOfTwoM(api, admin.token, stripe, category.id);
  const before = await approved.stockOfM();
  const by = { _id: admin.id, name: 'Admin', role: 'admin' as const };
  const restock = [{ sku: approved.m.sku, quantity: 2 }];
  const moved = await recordMove(
    approved.returnId,
    { from: 'approved', to: 'received', by },
    restock,
  );
  if (!moved) throw new Error('the return was not moved');
  return { ...approved, before };
}

describe('restocks a crash left pending', () => {
  test('when a process died between a return’s receipt and its restock, then the sweep puts the units back once, however often it runs', async ({
    api,
    admin,
    stripe,
    category,
  }) => {
    const { returnId, before, stockOfM } = await receivedByADeadProcess({
      api,
      admin,
      stripe,
      category,
    });
    expect(await stockOfM()).toBe(before);

    await Promise.all([finishPendingRestocks(later()), finishPendingRestocks(later())]);
    await finishPendingRestocks(later());

    expect(await stockOfM()).toBe(before + 2);
    expect(await pendingRestockOf(returnId)).toBeNull();
  });

  test('when a process died after the units went back but before the return was marked, then finishing it adds none again', async ({
    api,
    admin,
    stripe,
    category,
  }) => {
    const { returnId, orderId, m, before, stockOfM } = await receivedByADeadProcess({
      api,
      admin,
      stripe,
      category,
    });
    const order = await findStoredOrder(orderId);
    const line = order && stockLinesOf(order.lines).find((l) => l.variantId === m._id);
    if (!line) throw new Error('the order has no line of M');
    await restockOnce(returnId, [{ ...line, quantity: 2 }]);
    expect(await stockOfM()).toBe(before + 2);

    await finishPendingRestocks(later());
    await finishPendingRestocks(later());

    expect(await stockOfM()).toBe(before + 2);
    expect(await pendingRestockOf(returnId)).toBeNull();
  });

  test('when the restock is younger than its own call could take, then the sweep leaves it, and asking for received again finishes it once', async ({
    api,
    admin,
    stripe,
    category,
  }) => {
    const { returnId, m, before, stockOfM } = await receivedByADeadProcess({
      api,
      admin,
      stripe,
      category,
    });

    await finishPendingRestocks(new Date());
    expect(await stockOfM()).toBe(before);
    const received = { status: 'received', restock: [{ sku: m.sku, quantity: 2 }] };
    for (let call = 0; call < 2; call += 1) {
      const res = await moveReturn(api, admin.token, returnId, received).expect(200);
      expect(returnOf(res.body)).toMatchObject({ status: 'received', restocked: true });
    }

    expect(await stockOfM()).toBe(before + 2);
    expect(await pendingRestockOf(returnId)).toBeNull();
  });

  test('when more returns than a product remembers were restocked, then each added its units and the product keeps only the last ones', async ({
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const m = shirt.variant('M', 'Black');
    const stockOfM = async () =>
      (await findProduct(shirt.id))?.variants.find((v) => v._id === m._id)?.quantity ?? 0;
    const before = await stockOfM();
    const line = { productId: shirt.id, variantId: m._id, quantity: 1 };
    const returns = Array.from({ length: RESTOCKS_KEPT + 2 }, () =>
      new mongoose.Types.ObjectId().toString(),
    );

    for (const returnId of returns) await restockOnce(returnId, [line]);
    await restockOnce(returns.at(-1) ?? '', [line]);

    expect(await stockOfM()).toBe(before + returns.length);
    const stored = await mongoose.connection
      .collection('products')
      .findOne({ _id: new mongoose.Types.ObjectId(shirt.id) });
    expect(stored?.restockedBy).toEqual(returns.slice(2).map((id) => `${id}_${m._id}`));
  });
});
