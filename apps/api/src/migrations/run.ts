import { AppError } from '../lib/errors.js';
import { lockHolder, withLock } from '../lib/locks.js';
import { appliedMigrationIds, recordMigration } from './applied.js';
import type { Migration, MigrationLog } from './migration.js';

/** Held by the one process that runs the migrations; the others wait for it. */
const LOCK_KEY = 'migrations';

/** How often a long migration says how far it got. */
const PROGRESS_EVERY_MS = 2_000;

/**
 * Says a migration's progress (`migration 001-…: 400 of 1,000`) every PROGRESS_EVERY_MS, and
 * once when done, so that an operator moving a large shop over sees it working.
 */
export function progressLog(log: MigrationLog, what: string) {
  let loggedAt = Date.now();
  return (done: number, total: number) => {
    if (done < total && Date.now() - loggedAt < PROGRESS_EVERY_MS) return;
    loggedAt = Date.now();
    log.info(`${what}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')}`);
  };
}

async function pendingOf(migrations: readonly Migration[]) {
  const applied = await appliedMigrationIds();
  return migrations.filter(({ id }) => !applied.has(id));
}

/** Thrown once a migration failed: the log said which and why; the start stops. */
export class MigrationFailed extends Error {}

/**
 * Runs the migrations this database has not recorded, in the list's order, each once: under
 * one lock, so that of several processes starting at once one runs them while the others wait
 * (a lease: a holder that dies is taken over once its lease runs out, and the next holder runs
 * what it had not recorded), then find them recorded. Each is recorded with when it started,
 * ended and how long it took. A migration that fails is not recorded: the failure is logged
 * and thrown (MigrationFailed), so the start stops, and the next start runs it again. The ids
 * of the migrations this call ran (none when there was nothing to do, or another process ran
 * them).
 */
export async function runMigrations(
  migrations: readonly Migration[],
  log: MigrationLog,
): Promise<string[]> {
  const pending = await pendingOf(migrations);
  if (pending.length === 0) {
    log.info('migrations: none pending');
    return [];
  }
  if ((await lockHolder(LOCK_KEY)) !== null) {
    log.info('migrations: another process is running them; waiting for it');
  }
  return runUnderLock(migrations, log).catch((err: Error) => {
    if (!(err instanceof MigrationFailed)) {
      log.error({ err }, `migrations stopped: ${err.message}. The shop does not start`);
    }
    throw err;
  });
}

function runUnderLock(migrations: readonly Migration[], log: MigrationLog) {
  return withLock(
    LOCK_KEY,
    async (lease) => {
      const todo = await pendingOf(migrations);
      if (todo.length === 0) return ranElsewhere(log);
      log.info(`migrations: ${todo.length} pending (${todo.map(({ id }) => id).join(', ')})`);
      for (const migration of todo) {
        lease.signal.throwIfAborted();
        await runOne(migration, log, lease.signal);
      }
      return todo.map(({ id }) => id);
    },
    {
      // As long as the holder lives: it renews its lease however long the photos take.
      waitMs: Number.POSITIVE_INFINITY,
      busy: () => new AppError(503, 'migrations: the lease on them was lost'),
      doneMeanwhile: async () =>
        (await pendingOf(migrations)).length > 0 ? null : ranElsewhere(log),
    },
  );
}

/** Another process ran them while this one waited: none ran here. */
function ranElsewhere(log: MigrationLog): string[] {
  log.info('migrations: run by another process');
  return [];
}

async function runOne(migration: Migration, log: MigrationLog, signal: AbortSignal) {
  const { id, name } = migration;
  log.info(`migration ${id}: ${name}`);
  const startedAt = new Date();
  try {
    await migration.up({ log, progress: progressLog(log, `migration ${id}`), signal });
  } catch (err) {
    log.error(
      { err },
      `migration ${id} failed: ${(err as Error).message}. The shop does not start; the next start runs ${id} again`,
    );
    throw new MigrationFailed(`migration ${id} failed`, { cause: err });
  }
  const finishedAt = new Date();
  const durationMs = finishedAt.getTime() - startedAt.getTime();
  await recordMigration({ _id: id, name, startedAt, finishedAt, durationMs });
  log.info(`migration ${id} done in ${durationMs.toLocaleString('en')} ms`);
}
