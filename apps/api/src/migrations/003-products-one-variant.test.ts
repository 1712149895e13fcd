import { productResponseSchema } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProduct } from '../features/products/repository/reads.js';
import { makeCategory, makeShirt, uniqueWord } from '../test/catalogue.js';
import { startCheckout } from '../test/checkout.js';
import { startFakeStripe } from '../test/fake-stripe.js';
import { createUser, startTestApp } from '../test/harness.js';
import { runMigration } from '../test/migrations.js';
import { stripeEnv } from '../test/payments-app.js';
import { insertProductBeforeVariants } from '../test/raw-documents.js';
import { migration, VARIANT_BATCH } from './003-products-one-variant.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let stripe: Awaited<ReturnType<typeof startFakeStripe>>;
let categoryId: string;
beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp(stripeEnv(stripe.url));
  categoryId = (await makeCategory()).id;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** A product as the versions before variants wrote it. */
async function insertOldProduct(price: number, quantity: number) {
  const name = `Old ${uniqueWord()}`;
  const slug = name.toLowerCase().replace(' ', '-');
  const id = await insertProductBeforeVariants({ name, slug, categoryId, price, quantity });
  return { id, slug };
}

describe('migration 003: products become one variant', () => {
  it('when products have no variants, then each gets one of its own id, price and stock, and the spec fields stay', async () => {
    const cheap = await insertOldProduct(4.5, 12);
    const soldOut = await insertOldProduct(80, 0);
    const shirt = await makeShirt(categoryId);

    expect((await runMigration(migration)).lines).toEqual(['2 products given their one variant']);

    for (const [old, price, quantity] of [
      [cheap, 4.5, 12],
      [soldOut, 80, 0],
    ] as const) {
      const res = await t.http().get(`/api/v1/product/get-product/${old.slug}`).expect(200);
      expect(productResponseSchema.parse(res.body).product).toMatchObject({
        _id: old.id,
        price,
        quantity,
        options: [],
        variants: [{ _id: old.id, sku: old.slug, options: {}, price, quantity, photo: null }],
      });
    }
    expect(await findProduct(shirt.id)).toEqual(shirt.product);
    expect((await runMigration(migration)).lines).toEqual([]);
    expect((await findProduct(cheap.id))?.variants).toHaveLength(1);
  });

  it('when a migrated product is bought by a cart line without variant, then its only variant is priced', async () => {
    const old = await insertOldProduct(7, 3);
    await runMigration(migration);
    const buyer = await createUser();
    const { amount } = await startCheckout(t.app, buyer.token, [{ _id: old.id, quantity: 2 }]);
    expect(amount).toBe(1400);
  });

  it('when more products than a batch have no variants, then each batch is told as done and all get theirs', async () => {
    const olds = await Promise.all(
      Array.from({ length: VARIANT_BATCH + 1 }, (_, i) => insertOldProduct(i + 1, i)),
    );

    const { lines, progress } = await runMigration(migration);

    expect(lines).toEqual([`${VARIANT_BATCH + 1} products given their one variant`]);
    expect(progress).toEqual([
      [VARIANT_BATCH, VARIANT_BATCH + 1],
      [VARIANT_BATCH + 1, VARIANT_BATCH + 1],
    ]);
    for (const [i, old] of olds.entries()) {
      // Stored in cents: a dollar each more than the one before.
      expect(await findProduct(old.id)).toMatchObject({
        price: (i + 1) * 100,
        quantity: i,
        variants: [{ _id: old.id, price: (i + 1) * 100, quantity: i }],
      });
    }
  });

  it('when it runs twice at once, then each product is migrated once and keeps its stock', async () => {
    const olds = await Promise.all([1, 2, 3, 4].map((n) => insertOldProduct(n, n * 10)));

    const runs = await Promise.all([runMigration(migration), runMigration(migration)]);

    const given = runs.flatMap((run) => run.lines).map((line) => Number.parseInt(line, 10));
    expect(given.reduce((sum, n) => sum + n, 0)).toBe(4);
    for (const [i, old] of olds.entries()) {
      expect(await findProduct(old.id)).toMatchObject({
        quantity: (i + 1) * 10,
        variants: [{ _id: old.id, quantity: (i + 1) * 10 }],
      });
    }
  });
});
