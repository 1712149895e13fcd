import { findStoredOrder } from '../features/orders/repository/reads.js';
import { describe, expect, test } from '../test/fixtures.js';
import { createUser } from '../test/harness.js';
import { runMigration } from '../test/migrations.js';
import { insertOrderBeforeNumbers } from '../test/raw-documents.js';
import { migration } from './007-order-numbers.js';

describe('migration 007: order numbers', () => {
  test('when orders have no number, then they get the next numbers oldest first, once, however many run it at once', async ({
    app: _app,
  }) => {
    const buyer = await createUser();
    const older = await insertOrderBeforeNumbers({ buyer: buyer.id, createdAt: new Date(1_000) });
    const newer = await insertOrderBeforeNumbers({ buyer: buyer.id, createdAt: new Date(2_000) });

    const runs = await Promise.all([runMigration(migration), runMigration(migration)]);

    const numbered = runs.flatMap((run) => run.lines).map((line) => Number.parseInt(line, 10));
    expect(numbered.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect((await runMigration(migration)).lines).toEqual([]);
    const olderNumber = (await findStoredOrder(older))?.number as number;
    const newerNumber = (await findStoredOrder(newer))?.number as number;
    expect(olderNumber).toBeGreaterThan(1000);
    expect(newerNumber).toBeGreaterThan(olderNumber);
  });
});
