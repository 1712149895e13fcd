import { giveOnlyVariants, idsToMigrate } from './repository.js';

/** Products given their variant at once: read together, written as one change of the catalogue. */
export const VARIANT_BATCH = 100;

/**
 * Makes every product written before variants one variant of its own id, price and stock, by
 * `_id`, a batch of products at a time: a run that stops midway is finished by the next, and a
 * product done already is left alone. A checkout changing a product's stock meanwhile makes its
 * update miss, and it is read again. `onProgress` hears how many of them are done after each
 * batch.
 */
export async function migrateProductVariants(
  productIds?: readonly string[],
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  const ids = productIds ?? (await idsToMigrate());
  let migrated = 0;
  for (let first = 0; first < ids.length; first += VARIANT_BATCH) {
    let batch = ids.slice(first, first + VARIANT_BATCH);
    while (batch.length > 0) {
      const outcomes = await giveOnlyVariants(batch);
      migrated += outcomes.filter((outcome) => outcome === 'done').length;
      batch = batch.filter((_, i) => outcomes[i] === 'changed');
    }
    onProgress?.(Math.min(first + VARIANT_BATCH, ids.length), ids.length);
  }
  return migrated;
}
