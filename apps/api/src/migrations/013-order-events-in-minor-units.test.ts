import { dashboardResponseSchema } from '@shop/contracts/dashboard';
import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { makeOrderedProduct } from '../test/orders.js';
import {
  insertOrderEventInMajorUnits,
  makeDeliveryDue,
  storedDelivery,
} from '../test/raw-documents.js';
import { orderEventsCounted } from '../test/sales.js';
import { migration } from './013-order-events-in-minor-units.js';

const linesOf = async (deliveryId: string) =>
  (await storedDelivery(deliveryId))?.payload?.order?.lines;

describe('migration 013: order events waiting in the outbox', () => {
  test('when the previous version left an order event with major-unit prices, then its lines are stated in minor units once, and the figures count it to the minor unit', async ({
    api,
    admin,
  }) => {
    const lamp = await makeOrderedProduct(19.99);
    const shade = await makeOrderedProduct(12.495);
    const deliveryId = await insertOrderEventInMajorUnits({
      currency: 'usd',
      amount: 4498,
      lines: [
        { productId: lamp.id, name: 'Lamp', price: 19.99, quantity: 1 },
        { productId: shade.id, name: 'Shade', price: 12.495, quantity: 2 },
      ],
    });

    const migrated = await runMigration(migration);
    const again = await runMigration(migration);

    expect(migrated.lines).toEqual(["1 waiting order events' line prices stated in minor units"]);
    expect(again.lines).toEqual([]);
    expect(await linesOf(deliveryId)).toEqual([
      { productId: lamp.id, name: 'Lamp', unitPrice: 1999, quantity: 1 },
      { productId: shade.id, name: 'Shade', unitPrice: 1250, quantity: 2 },
    ]);
    await makeDeliveryDue(deliveryId);
    await orderEventsCounted();
    const res = await api.get('/api/v1/auth/dashboard').set('Authorization', admin.token);
    const { topProducts } = dashboardResponseSchema.parse(res.body).dashboard;
    expect(topProducts.filter((p) => [lamp.id, shade.id].includes(p.productId))).toEqual([
      { productId: shade.id, name: 'Shade', revenue: 2500, units: 2 },
      { productId: lamp.id, name: 'Lamp', revenue: 1999, units: 1 },
    ]);
  });
});
