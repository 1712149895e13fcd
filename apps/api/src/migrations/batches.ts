import type { MigrationContext } from './migration.js';

/**
 * What became of one document a migration's batch asked to change: changed now, changed before
 * (or gone), or changed meanwhile by someone else (to read again).
 */
export type Outcome = 'done' | 'changed' | 'done before';

/**
 * Runs `write` over `ids` a batch of `size` at a time, writing again those it answers
 * 'changed' (changed meanwhile by someone else: read again), and says after each batch how far
 * it got. How many `write` did.
 */
export async function inBatches(
  ids: readonly string[],
  size: number,
  { progress, signal }: Pick<MigrationContext, 'progress' | 'signal'>,
  write: (batch: readonly string[]) => Promise<Outcome[]>,
): Promise<number> {
  let done = 0;
  for (let first = 0; first < ids.length; first += size) {
    signal.throwIfAborted();
    let batch = ids.slice(first, first + size);
    while (batch.length > 0) {
      const outcomes = await write(batch);
      done += outcomes.filter((outcome) => outcome === 'done').length;
      batch = batch.filter((_, i) => outcomes[i] === 'changed');
    }
    progress(Math.min(first + size, ids.length), ids.length);
  }
  return done;
}
