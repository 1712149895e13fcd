import { orderResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { makeOrderedProduct } from '../test/orders.js';
import { insertOrderInMajorUnits, storedDocument } from '../test/raw-documents.js';
import { migration } from './006-order-prices-in-minor-units.js';

let number = 90_000;

/** An order of the previous version: lines in major units, the amount in minor units. */
async function insertOldOrder(buyer: string, productId: string, currency = 'usd') {
  number += 1;
  const id = await insertOrderInMajorUnits({
    buyer,
    number,
    currency,
    amount: 4498,
    lines: [
      { productId, name: 'Lamp', price: 19.99, quantity: 1 },
      { productId, name: 'Shade', price: 12.495, quantity: 2 },
    ],
  });
  return { id, number };
}

async function linePrices(id: string) {
  const order = await storedDocument('orders', id);
  return (order?.products as { price: number }[] | undefined)?.map((l) => l.price);
}

/**
 * Every order of this file is of the version before minor units: migration 006 takes every
 * order without the `minorUnits` mark for one in major units, which is why a database records
 * it once run, before anything of today's shape is written.
 */
describe('migration 006: order prices in minor units', () => {
  test('when orders of the previous version are migrated, then their lines keep their amounts in their own currency', async ({
    api,
    admin,
  }) => {
    const product = await makeOrderedProduct();
    const usd = await insertOldOrder(admin.id, product.id);
    const eur = await insertOldOrder(admin.id, product.id, 'eur');

    expect((await runMigration(migration)).lines).toEqual([
      "2 orders' prices stored in minor units",
    ]);

    expect(await linePrices(usd.id)).toEqual([1999, 1250]);
    expect(await linePrices(eur.id)).toEqual([1999, 1250]);
    const res = await api
      .get(`/api/v1/auth/orders/${eur.number}`)
      .set('Authorization', admin.token);
    const { order } = orderResponseSchema.parse(res.body);
    expect(order.products.map((line) => line.price)).toEqual([19.99, 12.5]);
    expect(order.payment).toMatchObject({ amount: 4498, currency: 'eur' });
  });

  test('when the migration runs again, or twice at once, then no order is converted twice', async ({
    admin,
  }) => {
    const product = await makeOrderedProduct();
    const olds = await Promise.all([1, 2, 3].map(() => insertOldOrder(admin.id, product.id)));

    const runs = await Promise.all([runMigration(migration), runMigration(migration)]);

    const converted = runs.flatMap((run) => run.lines).map((line) => Number.parseInt(line, 10));
    expect(converted.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect((await runMigration(migration)).lines).toEqual([]);
    for (const old of olds) expect(await linePrices(old.id)).toEqual([1999, 1250]);
  });
});
