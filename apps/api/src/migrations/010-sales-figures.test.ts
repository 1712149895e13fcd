import { dashboardResponseSchema } from '@shop/contracts/dashboard';
import { type Api, describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { makeOrder, makeOrderedProduct } from '../test/orders.js';
import { dropSalesFigures } from '../test/raw-documents.js';
import { orderEventsCounted } from '../test/sales.js';
import { migration } from './010-sales-figures.js';

const figuresOf = async (api: Api, token: string) => {
  await orderEventsCounted();
  const res = await api.get('/api/v1/auth/dashboard').set('Authorization', token).expect(200);
  const { asOf: _, ...figures } = dashboardResponseSchema.parse(res.body).dashboard;
  return figures;
};

describe('migration 010: the sales figures', () => {
  test('when a database has orders but no figures, then they are counted once', async ({
    api,
    admin,
    user,
  }) => {
    const product = await makeOrderedProduct(40);
    await makeOrder({ buyer: user.id, products: [product], status: 'Shipped' });
    await makeOrder({ buyer: user.id, products: [product], status: 'cancel' });
    const counted = await figuresOf(api, admin.token);
    await dropSalesFigures();

    const rebuilt = await runMigration(migration);
    const again = await runMigration(migration);

    expect(rebuilt.lines).toEqual([
      expect.stringMatching(/^sales figures rebuilt from 2 orders in \d+ ms$/),
    ]);
    expect(again.lines).toEqual([]);
    expect(await figuresOf(api, admin.token)).toEqual(counted);
    expect(counted.ordersByStatus.filter((s) => s.count > 0)).toEqual([
      { status: 'Shipped', count: 1 },
      { status: 'cancel', count: 1 },
    ]);
  });
});
