import { productResponseSchema } from '@shop/contracts';
import { uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { insertProductInMajorUnits, storedDocument } from '../../test/raw-documents.js';
import { migrateProductPrices } from './money-migration.js';
import { listProducts } from './repository.js';

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

describe('product prices in minor units', () => {
  test('when products of the previous version are migrated, then they keep their amounts and are stored in cents', async ({
    api,
    category,
  }) => {
    const old = await insertOldShirt(category.id);

    expect(await migrateProductPrices('usd')).toBe(1);

    const document = await stored(old.id);
    expect(document).toMatchObject({ price: 29, minorUnits: true });
    expect(document?.variants.map((v: { price: number }) => v.price)).toEqual([1999, 2450, 29]);
    const res = await api.get(`/api/v1/product/get-product/${old.slug}`).expect(200);
    const { product } = productResponseSchema.parse(res.body);
    expect(product.price).toBe(0.29);
    expect(product.variants.map((v) => v.price)).toEqual([19.99, 24.5, 0.29]);
  });

  test('when the migration runs again, or in two processes at once, then no price is converted twice', async ({
    category,
  }) => {
    const olds = await Promise.all([1, 2, 3].map(() => insertOldShirt(category.id)));

    const [a, b] = await Promise.all([migrateProductPrices('usd'), migrateProductPrices('usd')]);

    expect(a + b).toBe(3);
    expect(await migrateProductPrices('usd')).toBe(0);
    for (const old of olds) {
      expect((await stored(old.id))?.variants.map((v: { price: number }) => v.price)).toEqual([
        1999, 2450, 29,
      ]);
    }
  });

  test('when a product is created now, then its prices are stored in cents and the migration leaves it', async ({
    addProduct,
  }) => {
    const made = await addProduct({ price: 12.5 });

    expect(await migrateProductPrices('usd', [made.id])).toBe(0);

    expect(await stored(made.id)).toMatchObject({ price: 1250, minorUnits: true });
    const listed = (await listProducts()).find((p) => p._id === made.id);
    expect(listed?.price).toBe(12.5);
  });
});
