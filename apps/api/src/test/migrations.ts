import type { Migration, MigrationLog } from '../migrations/index.js';

/** A log that keeps its lines (a warning's details too). */
export function keptLog(): MigrationLog & { lines: string[]; details: object[] } {
  const lines: string[] = [];
  const details: object[] = [];
  const kept = (more: object, message: string) => {
    details.push(more);
    lines.push(message);
  };
  return { lines, details, info: (message) => lines.push(message), warn: kept, error: kept };
}

/**
 * Runs one migration on the test's database as the runner would (without recording it, so a
 * test may run it again): what it logged, and the progress it told.
 */
export async function runMigration(migration: Migration) {
  const log = keptLog();
  const progress: [number, number][] = [];
  await migration.up({
    log,
    progress: (done, total) => progress.push([done, total]),
    signal: new AbortController().signal,
  });
  return { ...log, progress };
}
