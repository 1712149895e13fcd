import { createHash } from 'node:crypto';
import { describe, expect, checkoutTest as test } from '../test/fixtures.js';
import { guestEmail, placeGuestOrder } from '../test/guest-checkout.js';
import { runMigration } from '../test/migrations.js';
import { storedDocument, storeOrderKeyAsItIs } from '../test/raw-documents.js';
import { migration } from './017-order-keys-hashed.js';

describe('migration 017: link keys kept only as their hashes', () => {
  test('when orders keep their link keys as they are, then each key is kept only as its hash, and the links already e-mailed still open their orders', async ({
    api,
    app,
    stripe,
  }) => {
    const placed = [];
    for (const key of ['earlier-key-of-the-first-order', 'earlier-key-of-the-second-order']) {
      const order = await placeGuestOrder(app.app, stripe, guestEmail());
      await storeOrderKeyAsItIs(order.orderId, key);
      placed.push({ order, key });
    }
    const open = (number: number | undefined, key: string) =>
      api.get(`/api/v1/order/guest/${number}`).query({ key });

    const [migrated, again] = [await runMigration(migration), await runMigration(migration)];

    expect(migrated.lines).toEqual(["2 orders' link keys kept only as their hashes"]);
    expect(again.lines).toEqual([]);
    for (const { order, key } of placed) {
      const stored = JSON.stringify(await storedDocument('orders', order.orderId));
      expect(stored).not.toContain(key);
      expect(stored).not.toContain(createHash('sha256').update(key).digest('base64url'));
      const res = await open(order.number, key).expect(200);
      expect(res.body.order._id).toBe(order.orderId);
    }
    const [first, second] = placed;
    await open(first?.order.number ?? 0, second?.key ?? '').expect(404);
  });

  test('when two processes run it at once, then each key is hashed once and opens its order', async ({
    api,
    app,
    stripe,
  }) => {
    const order = await placeGuestOrder(app.app, stripe, guestEmail());
    await storeOrderKeyAsItIs(order.orderId, 'an-earlier-key-run-twice');

    const runs = await Promise.all([runMigration(migration), runMigration(migration)]);

    expect(runs.flatMap((run) => run.lines)).toEqual([
      "1 orders' link keys kept only as their hashes",
    ]);
    await api
      .get(`/api/v1/order/guest/${order.number}`)
      .query({ key: 'an-earlier-key-run-twice' })
      .expect(200);
  });
});
