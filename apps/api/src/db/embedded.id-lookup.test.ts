import mongoose from 'mongoose';
import { photoFileId } from '../features/products/photo-store.js';
import { makeCategory, makeProduct } from '../test/catalogue.js';
import { describe, expect, test } from '../test/fixtures.js';

/**
 * Stock writes, orders, users and photo files are found by `_id`, trusting the database to answer
 * that from an index. Unpatched FerretDB v1.24 did not (its SQL did not match its own `_id`
 * index) and scanned every document; tools/ferretdb's edits make it use that index from the
 * moment a collection exists. The plan is read rather than timed: MongoDB names the index stage,
 * FerretDB passes SQLite's plan on. It is the database's own plan, so the collections are asked
 * with the driver itself.
 */
const collection = <Id>(name: string) => mongoose.connection.collection<{ _id: Id }>(name);
const usesIndex = (plan: unknown) =>
  /USING INDEX|IDHACK|IXSCAN|EXPRESS_/.test(JSON.stringify(plan));
const scans = (plan: unknown) => /SCAN [a-z_0-9]+\b(?! USING)|COLLSCAN/.test(JSON.stringify(plan));

/** A product (and so its collection) in the test's database. */
const aProduct = async () => (await makeProduct({ categoryId: (await makeCategory()).id })).id;
const products = () => collection<mongoose.Types.ObjectId>('products');

describe('a lookup by _id', () => {
  test('when it finds a product by its ObjectId, then the _id index answers it', async ({
    app: _app,
  }) => {
    const _id = new mongoose.Types.ObjectId(await aProduct());
    const plan = await products().find({ _id }).explain();
    expect(usesIndex(plan)).toBe(true);
    expect(scans(plan)).toBe(false);
  });

  test('when the filter guards a write with more than the _id, then the _id index still answers it', async ({
    app: _app,
  }) => {
    const _id = new mongoose.Types.ObjectId(await aProduct());
    const plan = await products()
      .find({ _id, quantity: { $gte: 1 } })
      .explain();
    expect(usesIndex(plan)).toBe(true);
    expect(scans(plan)).toBe(false);
  });

  test('when it finds a photo file by its string _id, then the _id index answers it', async ({
    app: _app,
  }) => {
    const _id = photoFileId(await aProduct(), 'v1', 'w320');
    const plan = await collection<string>('product_photos').find({ _id }).explain();
    expect(usesIndex(plan)).toBe(true);
    expect(scans(plan)).toBe(false);
  });
});
