import { orderResponseSchema } from '@shop/contracts';
import { findUser } from '../features/auth/repository.js';
import { describe, expect, test } from '../test/fixtures.js';
import { createUser } from '../test/harness.js';
import { runMigration } from '../test/migrations.js';
import { makeOrderedProduct } from '../test/orders.js';
import { insertOrderBeforeBreakdowns, storedDocument } from '../test/raw-documents.js';
import { migration } from './008-orders-complete.js';

let number = 80_000;
const byNumber = (n: number) => `/api/v1/auth/orders/${n}`;

/** An order of the versions before shipping and taxes: two of a product at 12.50, paid 25.00. */
async function insertOldOrder(
  buyer: string,
  timeline?: Parameters<typeof insertOrderBeforeBreakdowns>[0]['timeline'],
) {
  const product = await makeOrderedProduct(12.5);
  number += 1;
  const createdAt = new Date('2025-03-04T05:06:07.000Z');
  const id = await insertOrderBeforeBreakdowns({
    buyer,
    number,
    amount: 2500,
    lines: [{ productId: product.id, name: product.name, price: 12.5, quantity: 2 }],
    createdAt,
    ...(timeline ? { timeline } : {}),
  });
  return { id, number, createdAt };
}

describe('migration 008: orders complete', () => {
  test('when orders were placed before shipping and taxes, timelines and the outbox, then each gets the breakdown of its lines alone, its placing first in its timeline and no events, and answers as before', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const buyerName = (await findUser(buyer.id))?.name;
    const bare = await insertOldOrder(buyer.id);
    const shippedAt = new Date('2025-03-05T00:00:00.000Z');
    const shipped = await insertOldOrder(buyer.id, [
      { event: 'status', status: 'Shipped', at: shippedAt, by: { _id: admin.id, role: 'admin' } },
    ]);

    const { lines } = await runMigration(migration);

    expect(lines).toEqual(['2 orders given their breakdown and timeline']);
    const placed = (at: Date) => ({
      event: 'placed',
      status: 'Not Process',
      at: at.toISOString(),
      by: { _id: buyer.id, name: buyerName, role: 'buyer' },
    });
    const answerOf = async (n: number) =>
      orderResponseSchema.parse(
        (await api.get(byNumber(n)).set('Authorization', admin.token).expect(200)).body,
      ).order;
    const answered = await answerOf(bare.number);
    expect(answered).toMatchObject({
      pricesIncludeTax: false,
      subtotal: 25,
      shipping: null,
      tax: 0,
      total: 25,
      payment: { amount: 2500 },
      timeline: [placed(bare.createdAt)],
    });
    expect(answered.products[0]).toMatchObject({ net: 25, tax: 0, gross: 25, taxRate: 0 });
    expect((await answerOf(shipped.number)).timeline).toEqual([
      placed(shipped.createdAt),
      {
        event: 'status',
        status: 'Shipped',
        at: shippedAt.toISOString(),
        by: { _id: admin.id, name: 'Admin', role: 'admin' },
      },
    ]);
    expect(await storedDocument('orders', bare.id)).toMatchObject({ events: [] });
    expect((await runMigration(migration)).lines).toEqual([]);
  });

  test('when a completed order changes status, then the change follows its placing', async ({
    api,
    admin,
  }) => {
    const buyer = await createUser();
    const old = await insertOldOrder(buyer.id);
    await runMigration(migration);

    await api
      .put(`/api/v1/auth/order-status/${old.id}`)
      .set('Authorization', admin.token)
      .send({ status: 'Shipped' })
      .expect(200);

    const res = await api.get(byNumber(old.number)).set('Authorization', buyer.token).expect(200);
    const timeline = orderResponseSchema.parse(res.body).order.timeline ?? [];
    expect(timeline.map((entry) => [entry.event, entry.status, entry.by._id])).toEqual([
      ['placed', 'Not Process', buyer.id],
      ['status', 'Shipped', admin.id],
    ]);
  });

  test('when it runs twice at once, then each order is completed once', async ({ admin }) => {
    const old = await insertOldOrder(admin.id);

    await Promise.all([runMigration(migration), runMigration(migration)]);

    const stored = await storedDocument('orders', old.id);
    expect(stored?.timeline).toHaveLength(1);
    expect(stored?.breakdown).toMatchObject({ subtotal: 2500, total: 2500 });
  });
});
