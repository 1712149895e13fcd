import { idsToMigrate, storePricesInMinorUnits } from './repository.js';

/** Products converted at once: read together, written as one change of the catalogue. */
export const MONEY_BATCH = 100;

/**
 * Converts the prices of every product an earlier version stored in major units to integers of
 * the store currency's minor unit, by `_id`, a batch at a time: a run that stops midway is
 * finished by the next, a product converted already is left alone (each is marked in the same
 * update), and one whose prices changed meanwhile is read again. Run after the variants
 * migration, so that the one variant it gives a product is converted with it. `onProgress`
 * hears how many are done after each batch; answers how many this run converted.
 */
export async function migrateProductPrices(
  currency: string,
  productIds?: readonly string[],
  onProgress?: (done: number, total: number) => void,
): Promise<number> {
  const ids = productIds ?? (await idsToMigrate());
  let converted = 0;
  for (let first = 0; first < ids.length; first += MONEY_BATCH) {
    let batch = ids.slice(first, first + MONEY_BATCH);
    while (batch.length > 0) {
      const outcomes = await storePricesInMinorUnits(batch, currency);
      converted += outcomes.filter((outcome) => outcome === 'done').length;
      batch = batch.filter((_, i) => outcomes[i] === 'changed');
    }
    onProgress?.(Math.min(first + MONEY_BATCH, ids.length), ids.length);
  }
  return converted;
}
