import { productResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import { makeProducts } from '../../test/catalog.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { CategoryModel } from '../categories/model.js';
import { ProductModel } from '../products/model.js';
import { currentCatalog } from './catalog.js';
import { announceChange, KEPT_CHANGES, readCatalogHead, readChange } from './version.js';

test.beforeAll(async ({ app: _app }) => {
  await currentCatalog();
});

const productOf = async (api: Api, slug: string) =>
  productResponseSchema.parse(
    (await api.get(`/api/v1/product/get-product/${slug}`).expect(200)).body,
  ).product;

/** Another API process's write: the database changes, then the version document says so. */
const priceSetElsewhere = async (productId: string, price: number) => {
  await ProductModel.updateOne({ _id: productId }, { $set: { price } });
  await announceChange({ productIds: [productId] });
};
/** A write nobody announces: only a full reload would show it. */
const priceSetSilently = (productId: string, price: number) =>
  ProductModel.updateOne({ _id: productId }, { $set: { price } });

const SEEN_WITHIN = { timeout: 5_000, interval: 50 };

describe('the catalogue of each API process', () => {
  test('when changes are announced at once from many connections, then none is lost', async () => {
    const before = await readCatalogHead();
    const ids = Array.from({ length: 20 }, () => new mongoose.Types.ObjectId().toString());
    const numbers = await Promise.all(ids.map((id) => announceChange({ productIds: [id] })));
    expect([...numbers].sort((a, b) => a - b)).toEqual(ids.map((_, i) => before + i + 1));
    expect(await readCatalogHead()).toBe(before + ids.length);
    const announced = [];
    for (const n of numbers) announced.push(...((await readChange(n))?.productIds ?? []));
    expect(announced.sort()).toEqual([...ids].sort());
  });

  test('when another process changes a product, then this one shows it, reloading only that product', async ({
    api,
  }) => {
    const { products } = await makeProducts(2);
    const [changed, untouched] = products;
    if (!changed || !untouched) throw new Error('fixture');
    await priceSetSilently(untouched.id, 77);
    await priceSetElsewhere(changed.id, 55);
    await expect.poll(async () => (await productOf(api, changed.slug)).price, SEEN_WITHIN).toBe(55);
    expect((await productOf(api, untouched.slug)).price).toBe(25);
  });

  test('when another process renames a category, then its products show the new name', async ({
    api,
  }) => {
    const { category, products } = await makeProducts(1);
    await CategoryModel.updateOne({ _id: category.id }, { $set: { name: 'Renamed elsewhere' } });
    await announceChange({ categories: true });
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
    await priceSetSilently(product.id, 91);
    // As if the changes since this process looked were already dropped.
    const head = await readCatalogHead();
    await mongoose.connection
      .collection('catalog_version')
      .updateOne({ _id: 'catalog' as never }, { $set: { version: head + KEPT_CHANGES + 1 } });
    await expect.poll(async () => (await productOf(api, product.slug)).price, SEEN_WITHIN).toBe(91);
  });
});
