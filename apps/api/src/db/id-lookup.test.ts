import mongoose from 'mongoose';
import { photoFileId } from '../features/products/photo-store.js';
import { makeCategory, makeProduct } from '../test/catalog.js';
import { describe, expect, test } from '../test/fixtures.js';

/**
 * Stock writes, orders, users and photo files are found by `_id` alone, trusting the database to
 * answer that from an index. The embedded FerretDB v1.24 did not (its SQL does not match its own
 * `_id` index), and scanned every document, until tools/ferretdb added an index its SQL matches
 * (tools/ferretdb/idindex.go; a new collection gets it within a moment, hence the polls). The
 * plan is read rather than timed: MongoDB names the index stage, FerretDB passes SQLite's plan on.
 * The database's own plan, so the collections are asked with the driver itself.
 */
const collection = <Id>(name: string) => mongoose.connection.collection<{ _id: Id }>(name);
const usesIndex = (plan: unknown) =>
  /USING INDEX|IDHACK|IXSCAN|EXPRESS_/.test(JSON.stringify(plan));
const scans = (plan: unknown) => /SCAN [a-z_0-9]+\b(?! USING)|COLLSCAN/.test(JSON.stringify(plan));

/** A product (and so its collection) in the test's database. */
const aProduct = async () => (await makeProduct({ categoryId: (await makeCategory()).id })).id;

describe('a lookup by _id', () => {
  test('when it finds a product by its ObjectId, then the _id index answers it', async ({
    app: _app,
  }) => {
    const productId = await aProduct();
    const _id = new mongoose.Types.ObjectId(productId);
    const plan = () => collection<mongoose.Types.ObjectId>('products').find({ _id }).explain();
    await expect.poll(async () => usesIndex(await plan()), { timeout: 10_000 }).toBe(true);
    expect(scans(await plan())).toBe(false);
  });

  test('when it finds a photo file by its string _id, then the _id index answers it', async ({
    app: _app,
  }) => {
    const productId = await aProduct();
    const _id = photoFileId(productId, 'v1', 'w320');
    const plan = () => collection<string>('product_photos').find({ _id }).explain();
    await expect.poll(async () => usesIndex(await plan()), { timeout: 10_000 }).toBe(true);
    expect(scans(await plan())).toBe(false);
  });
});
