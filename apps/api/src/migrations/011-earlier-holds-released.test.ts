import { availableOf, stockOf } from '../test/checkout.js';
import {
  earlierPayment,
  hasCheckoutHolds,
  restoreEarlierPayment,
} from '../test/earlier-payment.js';
import { describe, expect, checkoutTest as test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { storedDocument } from '../test/raw-documents.js';
import { migration } from './011-earlier-holds-released.js';

describe('migration 011: the holds of the build before the checkout record released', () => {
  test('when the database holds that build’s holds beside a checkout of this build, and two processes run it at once, then each earlier hold is released once, checkout_holds dropped and the checkout’s reservation kept; run again, nothing', async ({
    checkout,
    stripe,
  }) => {
    const kept = await checkout({ authorized: false });
    const fixture = earlierPayment();
    await restoreEarlierPayment(fixture, stripe, ['products', 'discounts', 'checkout_holds']);
    const [lamp, shirtM] = fixture.lines;
    if (!lamp || !shirtM) throw new Error('the fixture lost its lines');
    expect(await hasCheckoutHolds()).toBe(true);

    const runs = await Promise.all([runMigration(migration), runMigration(migration)]);

    // Each run tells what it found; which of the two found an entry or the collection depends on
    // their order, so the documents say whether each was released once.
    expect(runs.flatMap((run) => run.lines)).toContainEqual(
      expect.stringMatching(/^earlier holds released: /),
    );
    for (const { productId, variantId } of [lamp, shirtM]) {
      expect(await storedDocument('products', productId)).toMatchObject({
        holds: {},
        held: { [variantId]: 0 },
        stock: { [variantId]: fixture.stock },
      });
    }
    expect(await storedDocument('discounts', fixture.discount._id)).toMatchObject({
      usesLeft: fixture.discount.usageLimit,
      used: 0,
      holds: {},
    });
    expect(await hasCheckoutHolds()).toBe(false);
    // This build's checkout still holds its units: two lamps of five.
    expect(await availableOf(kept.lamp.id)).toBe(3);
    expect(await stockOf(kept.lamp.id)).toBe(5);

    expect((await runMigration(migration)).lines).toEqual([]);
  });
});
