import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { makeOrder, makeOrderedProduct } from '../test/orders.js';
import { markAsScanned, storedDocument } from '../test/raw-documents.js';
import { migration } from './009-marks-dropped.js';

const MARKS = ['photosStripped', 'minorUnits'];
const marksOf = async (collection: 'products' | 'orders', id: string) =>
  Object.keys((await storedDocument(collection, id)) ?? {}).filter((key) => MARKS.includes(key));

describe('migration 009: the marks dropped', () => {
  test('when products and orders carry the marks of the start-up scans, then they are taken off; nothing written now carries one', async ({
    user,
  }) => {
    const marked = await makeOrderedProduct();
    const order = await makeOrder({ buyer: user.id, products: [marked] });
    await markAsScanned('products', marked.id);
    await markAsScanned('orders', order);
    const unmarked = await makeOrderedProduct();
    const newOrder = await makeOrder({ buyer: user.id, products: [unmarked] });

    const { lines } = await runMigration(migration);

    expect(lines).toEqual(['marks taken off 1 products and 1 orders']);
    for (const [collection, id] of [
      ['products', marked.id],
      ['orders', order],
      ['products', unmarked.id],
      ['orders', newOrder],
    ] as const) {
      expect(await marksOf(collection, id)).toEqual([]);
    }
    expect(await storedDocument('products', marked.id)).toMatchObject({ price: 2500 });
    expect((await runMigration(migration)).lines).toEqual([]);
  });
});
