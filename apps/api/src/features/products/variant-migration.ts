import { giveOnlyVariant, idsToMigrate } from './repository.js';

/**
 * Makes every product written before variants one variant of its own id, price and stock, by
 * `_id`, one product at a time: a run that stops midway is finished by the next, and a product
 * done already is left alone. A checkout changing a product's stock meanwhile makes its update
 * miss, and it is read again.
 */
export async function migrateProductVariants(productIds?: readonly string[]): Promise<number> {
  let migrated = 0;
  for (const productId of productIds ?? (await idsToMigrate())) {
    let outcome = await giveOnlyVariant(productId);
    while (outcome === 'changed') outcome = await giveOnlyVariant(productId);
    if (outcome === 'done') migrated += 1;
  }
  return migrated;
}
