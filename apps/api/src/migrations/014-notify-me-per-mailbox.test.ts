import { waitingSubscriptions } from '../features/back-in-stock/repository.js';
import { createProduct } from '../test/checkout.js';
import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { insertSubscriptionsBySpelling } from '../test/raw-documents.js';
import { migration } from './014-notify-me-per-mailbox.js';

const waitingFor = async (productId: string) =>
  (await waitingSubscriptions())
    .filter((s) => s.productId === productId)
    .map(({ _id, email }) => ({ _id, email }))
    .sort((a, b) => a._id.localeCompare(b._id));

describe('migration 014: "Notify me" per mailbox', () => {
  test('when a mailbox was subscribed under several spellings, then one subscription is left per mailbox, written to at its oldest spelling, and a second run changes nothing', async ({
    app: _app,
  }) => {
    const lamp = await createProduct({ quantity: 0 });
    await insertSubscriptionsBySpelling(lamp.id, [
      'ada+1@example.com',
      'Ada@Example.com',
      'ada+2@example.com',
      'p.x+a@gmail.com',
      'px+b@googlemail.com',
      'grace@example.com',
    ]);

    const migrated = await runMigration(migration);
    const again = await runMigration(migration);

    expect(migrated.lines).toEqual(['4 "Notify me" subscriptions kept under their mailbox']);
    expect(again.lines).toEqual([]);
    expect(await waitingFor(lamp.id)).toEqual([
      { _id: `${lamp.id}.${lamp.id}.ada@example.com`, email: 'ada@example.com' },
      { _id: `${lamp.id}.${lamp.id}.grace@example.com`, email: 'grace@example.com' },
      { _id: `${lamp.id}.${lamp.id}.px@gmail.com`, email: 'p.x+a@gmail.com' },
    ]);
  });

  test('when a spelling was told already (its e-mail on its way), then it is left to the sender', async ({
    app: _app,
  }) => {
    const lamp = await createProduct({ quantity: 0 });
    await insertSubscriptionsBySpelling(lamp.id, ['lin+1@example.com', 'lin+2@example.com'], {
      told: true,
    });
    const migrated = await runMigration(migration);
    expect(migrated.lines).toEqual([]);
    expect(await waitingFor(lamp.id)).toEqual([]);
  });
});
