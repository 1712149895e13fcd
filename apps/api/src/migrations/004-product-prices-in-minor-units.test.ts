import { productResponseSchema } from '@shop/contracts';
import { uniqueWord } from '../test/catalogue.js';
import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { insertProductInMajorUnits, storedDocument } from '../test/raw-documents.js';
import { migration } from './004-product-prices-in-minor-units.js';

/** A product of the version before minor units: three sizes, one of them with a 3rd decimal. */
async function insertOldShirt(categoryId: string) {
  const slug = `old-${uniqueWord()}`;
  const prices = [19.99, 24.5, 0.285];
  const old = await insertProductInMajorUnits({
    name: `Old ${slug}`,
    slug,
    categoryId,
    variants: prices.map((price, i) => ({
      sku: `${slug}-${i}`,
      size: `S${i}`,
      price,
      quantity: i,
    })),
  });
  return { ...old, slug };
}

const stored = (id: string) => storedDocument('products', id);

/**
 * Every product of this file is of the version before minor units: migration 004 takes every
 * product without the `minorUnits` mark for one in major units, which is why a database records
 * it once run, before anything of today's shape is written.
 */
describe('migration 004: product prices in minor units', () => {
  test('when products of the previous version are migrated, then they keep their amounts and are stored in cents', async ({
    api,
    category,
  }) => {
    const old = await insertOldShirt(category.id);

    const { lines } = await runMigration(migration);

    expect(lines).toEqual(["1 products' prices stored in minor units"]);
    const document = await stored(old.id);
    expect(document).toMatchObject({ price: 29, minorUnits: true });
    expect(document?.variants.map((v: { price: number }) => v.price)).toEqual([1999, 2450, 29]);
    const res = await api.get(`/api/v1/product/get-product/${old.slug}`).expect(200);
    const { product } = productResponseSchema.parse(res.body);
    expect(product.price).toBe(0.29);
    expect(product.variants.map((v) => v.price)).toEqual([19.99, 24.5, 0.29]);
  });

  test('when the migration runs again, or twice at once, then no price is converted twice', async ({
    category,
  }) => {
    const olds = await Promise.all([1, 2, 3].map(() => insertOldShirt(category.id)));

    const runs = await Promise.all([runMigration(migration), runMigration(migration)]);

    const converted = runs.flatMap((run) => run.lines).map((line) => Number.parseInt(line, 10));
    expect(converted.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect((await runMigration(migration)).lines).toEqual([]);
    for (const old of olds) {
      expect((await stored(old.id))?.variants.map((v: { price: number }) => v.price)).toEqual([
        1999, 2450, 29,
      ]);
    }
  });
});
