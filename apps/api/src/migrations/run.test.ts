import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness.js';
import { keptLog } from '../test/migrations.js';
import { appliedMigrations } from './applied.js';
import { MIGRATIONS } from './index.js';
import type { Migration } from './migration.js';
import { MigrationFailed, progressLog, runMigrations } from './run.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/**
 * Migrations no database has recorded yet (ids of their own), each saying when it ran in `ran`;
 * `up` replaces what the one at that index does.
 */
function newMigrations(count: number, up: Record<number, Migration['up']> = {}) {
  const prefix = randomUUID().slice(0, 8);
  const ran: string[] = [];
  const migrations = Array.from({ length: count }, (_, i): Migration => {
    const id = `${prefix}-${String(i + 1).padStart(3, '0')}`;
    return {
      id,
      name: `test migration ${i + 1}`,
      up: async (context) => {
        await up[i]?.(context);
        ran.push(id);
      },
    };
  });
  return { migrations, ran, ids: migrations.map(({ id }) => id) };
}

const recordedOf = async (ids: readonly string[]) =>
  (await appliedMigrations()).filter(({ _id }) => ids.includes(_id));

describe('the migrations runner', () => {
  it('when migrations are pending, then each runs once in the order of the list and is recorded with its times; the next run finds none pending', async () => {
    const { migrations, ran, ids } = newMigrations(3, { 1: () => sleep(20) });
    const log = keptLog();
    const before = Date.now();

    expect(await runMigrations(migrations, log)).toEqual(ids);

    expect(ran).toEqual(ids);
    const recorded = await recordedOf(ids);
    expect(recorded.map(({ _id, name }) => [_id, name])).toEqual(
      migrations.map(({ id, name }) => [id, name]),
    );
    for (const { startedAt, finishedAt, durationMs } of recorded) {
      expect(startedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(finishedAt.getTime() - startedAt.getTime()).toBe(durationMs);
    }
    expect(recorded[1]?.durationMs).toBeGreaterThanOrEqual(15);
    expect(log.lines).toContain(`migrations: 3 pending (${ids.join(', ')})`);
    expect(log.lines).toContain(`migration ${ids[0]}: test migration 1`);

    const again = keptLog();
    expect(await runMigrations(migrations, again)).toEqual([]);
    expect(ran).toEqual(ids);
    expect(again.lines).toEqual(['migrations: none pending']);
  });

  it('when two runners start at once, then one runs each migration once while the other waits and finds them done', async () => {
    const { migrations, ran, ids } = newMigrations(3, { 0: () => sleep(200) });
    const [first, second] = [keptLog(), keptLog()];

    const [a, b] = await Promise.all([
      runMigrations(migrations, first),
      runMigrations(migrations, second),
    ]);

    expect(ran).toEqual(ids);
    expect([a, b]).toContainEqual(ids);
    expect([a, b]).toContainEqual([]);
    expect([...first.lines, ...second.lines]).toContain('migrations: run by another process');
    expect(await recordedOf(ids)).toHaveLength(3);
  });

  it('when a migration fails, then it says which and why, the later ones do not run, and it is not recorded; the next run runs it again and goes on', async () => {
    let attempts = 0;
    const { migrations, ran, ids } = newMigrations(3, {
      1: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('a price is no amount of money');
      },
    });
    const log = keptLog();

    await expect(runMigrations(migrations, log)).rejects.toBeInstanceOf(MigrationFailed);

    expect(ran).toEqual([ids[0]]);
    expect(log.lines).toContain(
      `migration ${ids[1]} failed: a price is no amount of money. The shop does not start; the next start runs ${ids[1]} again`,
    );
    expect((await recordedOf(ids)).map(({ _id }) => _id)).toEqual([ids[0]]);

    const next = keptLog();
    expect(await runMigrations(migrations, next)).toEqual(ids.slice(1));
    expect(ran).toEqual(ids);
    expect(next.lines).toContain(`migrations: 2 pending (${ids[1]}, ${ids[2]})`);
    expect(await recordedOf(ids)).toHaveLength(3);
  });

  it('when a long migration tells its progress, then it is logged at most every 2 s, and once done', () => {
    const log = keptLog();
    const progress = progressLog(log, 'migration 001-photos');

    progress(16, 2000);
    progress(32, 2000);
    progress(2000, 2000);

    expect(log.lines).toEqual(['migration 001-photos: 2,000 of 2,000']);
  });
});

describe('the list of migrations', () => {
  it('when the folder is read, then every numbered file is in the list once, in the order of its number', () => {
    const files = readdirSync(import.meta.dirname)
      .filter((file) => /^\d{3}-.+\.ts$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();

    expect(MIGRATIONS.map(({ id }) => id)).toEqual(files);
    expect(new Set(files.map((file) => file.slice(0, 3))).size).toBe(files.length);
  });

  it('when a database is new, then every migration is recorded on it: nothing written since is taken for an earlier shape', async () => {
    const recorded = (await appliedMigrations()).map(({ _id }) => _id);

    expect(MIGRATIONS.map(({ id }) => id).every((id) => recorded.includes(id))).toBe(true);
  });
});
