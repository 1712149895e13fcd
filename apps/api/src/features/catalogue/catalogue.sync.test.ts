import { productResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import {
  announceChange,
  announcementsUnderWay,
  KEPT_CHANGES,
  readCatalogueHead,
  readChange,
  readChangesAfter,
} from '../../db/catalogue-changes.js';
import { makeProducts } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { inStoreCurrency } from '../../test/money.js';
import { setPriceUnannounced } from '../../test/raw-documents.js';
import { renameCategory } from '../categories/repository.js';
import { updateProduct } from '../products/repository/writes.js';
import { reserveUnits, settleUnits, unitsForSale } from '../products/stock-holds.js';
import { currentCatalogue } from './catalogue.js';

test.beforeAll(async ({ app: _app }) => {
  await currentCatalogue();
});

const productOf = async (api: Api, slug: string) =>
  productResponseSchema.parse(
    (await api.get(`/api/v1/product/get-product/${slug}`).expect(200)).body,
  ).product;

/** A write through the repository, announced in the change log. */
const priceSet = async (productId: string, price: number) =>
  updateProduct(productId, { price: await inStoreCurrency(price) });

const SEEN_WITHIN = { timeout: 5_000, interval: 50 };

describe('the catalogue of each API process', () => {
  test('when changes are announced at once from many connections, then none is lost', async () => {
    const before = await readCatalogueHead();
    const ids = Array.from({ length: 20 }, () => new mongoose.Types.ObjectId().toString());
    const numbers = await Promise.all(ids.map((id) => announceChange({ productIds: [id] })));
    expect([...numbers].sort((a, b) => a - b)).toEqual(ids.map((_, i) => before + i + 1));
    expect(await readCatalogueHead()).toBe(before + ids.length);
    const announced = [];
    for (const n of numbers) announced.push(...((await readChange(n))?.productIds ?? []));
    expect(announced.sort()).toEqual([...ids].sort());
  });

  test('when another process took the number this one expected, then the change goes under the next one without reading the newest', async () => {
    const expected = (await announceChange({ productIds: ['before'] })) + 1;
    // Another process announces a change under the number this one expects next.
    await mongoose.connection
      .collection<{ _id: number; productIds?: string[] }>('catalog_changes')
      .insertOne({ _id: expected, productIds: ['elsewhere'] });
    // The log's commands but this process's polls (reads of the next numbers by `_id`).
    const asked: string[] = [];
    mongoose.set('debug', (collection: string, method: string, filter?: { _id?: unknown }) => {
      if (collection === 'catalog_changes' && !(method === 'find' && filter?._id))
        asked.push(method);
    });
    try {
      expect(await announceChange({ productIds: ['here'] })).toBe(expected + 1);
    } finally {
      mongoose.set('debug', false);
    }
    // The insert refused and the next: two commands (before, three: the newest read between).
    // Two as well, a find and an insert, should this process's guess have aged past trusting.
    expect(asked).toHaveLength(2);
    expect((await readChange(expected + 1))?.productIds).toEqual(['here']);
  });

  test('when a product is changed, then the catalogue shows it, reloading only that product', async ({
    api,
  }) => {
    const { products } = await makeProducts(2);
    const [changed, untouched] = products;
    if (!changed || !untouched) throw new Error('fixture');
    await setPriceUnannounced(untouched.id, 77);
    await priceSet(changed.id, 55);
    await expect.poll(async () => (await productOf(api, changed.slug)).price, SEEN_WITHIN).toBe(55);
    expect((await productOf(api, untouched.slug)).price).toBe(25);
  });

  test('when a write landed but its completion was never announced, then the catalogue shows it all the same', async ({
    api,
  }) => {
    const { products } = await makeProducts(2);
    const [product, other] = products;
    if (!product || !other) throw new Error('fixture');
    // What a writer killed between writing and announcing the completion leaves: the intent.
    await announceChange({ productIds: [product.id], intent: true });
    // A write made here brings this catalogue up to the log, intent included, before its
    // answer: the killed writer's write lands only after this process has read the intent.
    await priceSet(other.id, 30);
    await setPriceUnannounced(product.id, 63);
    await expect.poll(async () => (await productOf(api, product.slug)).price, SEEN_WITHIN).toBe(63);
  });

  test('when a checkout reserves and settles units, then each change is announced after its write, and this process shows the units left', async ({
    api,
  }) => {
    const { products } = await makeProducts(1);
    const [product] = products;
    if (!product) throw new Error('fixture');
    const [[variantId, units] = ['', 0]] = await unitsForSale([product.id]);
    const lines = [{ productId: product.id, variantId, quantity: 2 }];
    const before = await readCatalogueHead();

    expect(await reserveUnits('checkout-1', lines, new Date(Date.now() + 60_000))).toBeNull();
    await settleUnits('checkout-1', lines);
    // What a stopping process waits for before it closes the database.
    await announcementsUnderWay();

    const announced = await readChangesAfter(before, 10);
    // Two changes, or one naming both when the second came while the first was on its way.
    expect(announced.some((change) => change.productIds?.includes(product.id))).toBe(true);
    expect(announced.some((change) => change.intent)).toBe(false);
    await expect
      .poll(async () => (await productOf(api, product.slug)).quantity, SEEN_WITHIN)
      .toBe(units - 2);
  });

  test('when a category is renamed, then its products show the new name', async ({ api }) => {
    const { category, products } = await makeProducts(1);
    await renameCategory(category.id, { name: 'Renamed elsewhere', slug: category.slug });
    await expect
      .poll(async () => (await productOf(api, products[0]?.slug ?? '')).category?.name, SEEN_WITHIN)
      .toBe('Renamed elsewhere');
  });

  test('when this process is further behind than the kept changes, then it reloads everything', async ({
    api,
  }) => {
    const { products } = await makeProducts(1);
    const [product] = products;
    if (!product) throw new Error('fixture');
    await setPriceUnannounced(product.id, 91);
    // As if the changes since this process looked were already dropped: only newer ones are kept.
    const head = await readCatalogueHead();
    const changes = mongoose.connection.collection<{ _id: number }>('catalog_changes');
    await changes.deleteMany({});
    await changes.insertOne({ _id: head + KEPT_CHANGES + 1 });
    await expect.poll(async () => (await productOf(api, product.slug)).price, SEEN_WITHIN).toBe(91);
  });
});
