import mongoose from 'mongoose';
import { findOrderOfPayment } from '../features/orders/index.js';
import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { makeOrder, makeOrderedProduct } from '../test/orders.js';
import { migration } from './022-orders-payment-id.js';

const orders = () =>
  mongoose.connection.collection<{
    _id: mongoose.Types.ObjectId;
    paymentId?: string;
    payment: { id: string };
  }>('orders');

const storedOrder = (orderId: string) =>
  orders().findOne({ _id: new mongoose.Types.ObjectId(orderId) });

describe("migration 022: orders' payment id kept at the top", () => {
  test('when orders of an earlier version keep their payment id only inside the payment, then each gets it at the top and is found by its payment; run again, nothing', async ({
    app: _app,
  }) => {
    const lamp = await makeOrderedProduct();
    const earlier = [
      await makeOrder({ buyer: null, email: 'ada@example.com', products: [lamp] }),
      await makeOrder({ buyer: null, email: 'grace@example.com', products: [lamp] }),
    ];
    const current = await makeOrder({ buyer: null, email: 'alan@example.com', products: [lamp] });
    const ids = earlier.map((id) => new mongoose.Types.ObjectId(id));
    await orders().updateMany({ _id: { $in: ids } }, { $unset: { paymentId: '' } });
    const [paymentOfFirst] = await Promise.all(
      earlier.map(async (id) => (await storedOrder(id))?.payment.id),
    );
    expect(await findOrderOfPayment(paymentOfFirst ?? '')).toBeNull();

    const [migrated, again] = [await runMigration(migration), await runMigration(migration)];

    expect(migrated.lines).toEqual(['2 orders given their payment id at the top']);
    expect(again.lines).toEqual([]);
    for (const id of [...earlier, current]) {
      const stored = await storedOrder(id);
      expect(stored?.paymentId).toBe(stored?.payment.id);
      expect((await findOrderOfPayment(stored?.payment.id ?? ''))?._id).toBe(id);
    }
  });
});
