import { dashboardResponseSchema } from '@shop/contracts/dashboard';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { makeOrder, makeOrderedProduct } from '../../test/orders.js';
import { dropSalesFigures } from '../../test/raw-documents.js';
import { orderEventsCounted } from '../../test/sales.js';
import { everyOrder } from '../orders/index.js';
import { rebuildSalesFiguresIfMissing } from './index.js';

const figuresOf = async (api: Api, token: string) => {
  await orderEventsCounted();
  const res = await api.get('/api/v1/auth/dashboard').set('Authorization', token).expect(200);
  const { asOf: _, ...figures } = dashboardResponseSchema.parse(res.body).dashboard;
  return figures;
};

describe('the start-up rebuild of the sales figures', () => {
  test('when a database has orders but no figures, then the start-up counts them once', async ({
    api,
    admin,
    user,
  }) => {
    const product = await makeOrderedProduct(40);
    await makeOrder({ buyer: user.id, products: [product], status: 'Shipped' });
    await makeOrder({ buyer: user.id, products: [product], status: 'cancel' });
    const counted = await figuresOf(api, admin.token);
    await dropSalesFigures();

    const rebuilt = await rebuildSalesFiguresIfMissing(everyOrder);
    const again = await rebuildSalesFiguresIfMissing(everyOrder);

    expect(rebuilt?.orders).toBe(2);
    expect(again).toBeNull();
    expect(await figuresOf(api, admin.token)).toEqual(counted);
    expect(counted.ordersByStatus.filter((s) => s.count > 0)).toEqual([
      { status: 'Shipped', count: 1 },
      { status: 'cancel', count: 1 },
    ]);
  });
});
