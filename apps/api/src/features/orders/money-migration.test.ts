import { orderResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../../test/fixtures.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { insertOrderInMajorUnits, storedDocument } from '../../test/raw-documents.js';
import { migrateOrderPrices } from './money-migration.js';

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

describe('order prices in minor units', () => {
  test('when orders of the previous version are migrated, then their lines keep their amounts in their own currency', async ({
    api,
    admin,
  }) => {
    const product = await makeOrderedProduct();
    const usd = await insertOldOrder(admin.id, product.id);
    const eur = await insertOldOrder(admin.id, product.id, 'eur');

    expect(await migrateOrderPrices()).toBe(2);

    expect(await linePrices(usd.id)).toEqual([1999, 1250]);
    expect(await linePrices(eur.id)).toEqual([1999, 1250]);
    const res = await api
      .get(`/api/v1/auth/orders/${eur.number}`)
      .set('Authorization', admin.token);
    const { order } = orderResponseSchema.parse(res.body);
    expect(order.products.map((line) => line.price)).toEqual([19.99, 12.5]);
    expect(order.payment).toMatchObject({ amount: 4498, currency: 'eur' });
  });

  test('when the migration runs again, or in two processes at once, then no order is converted twice', async ({
    admin,
  }) => {
    const product = await makeOrderedProduct();
    const olds = await Promise.all([1, 2, 3].map(() => insertOldOrder(admin.id, product.id)));
    const recent = await makeOrder({ buyer: admin.id, products: [product] });

    const [a, b] = await Promise.all([migrateOrderPrices(), migrateOrderPrices()]);

    expect(a + b).toBe(3);
    expect(await migrateOrderPrices()).toBe(0);
    for (const old of olds) expect(await linePrices(old.id)).toEqual([1999, 1250]);
    expect(await linePrices(recent)).toEqual([2500]);
  });
});
