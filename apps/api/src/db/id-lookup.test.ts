import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductModel } from '../features/products/model.js';
import { PhotoFileModel, photoFileId } from '../features/products/photo-store.js';
import { makeCategory, makeProduct } from '../test/catalog.js';
import { startTestApp } from '../test/harness.js';

/**
 * Stock writes, orders, users and photo files are found by `_id` alone, trusting the database to
 * answer that from an index. The embedded FerretDB v1.24 did not (its SQL does not match its own
 * `_id` index), and scanned every document, until tools/ferretdb added an index its SQL matches
 * (tools/ferretdb/idindex.go; a new collection gets it within a moment, hence the polls). The
 * plan is read rather than timed: MongoDB names the index stage, FerretDB passes SQLite's plan on.
 */
const usesIndex = (plan: unknown) =>
  /USING INDEX|IDHACK|IXSCAN|EXPRESS_/.test(JSON.stringify(plan));
const scans = (plan: unknown) => /SCAN [a-z_0-9]+\b(?! USING)|COLLSCAN/.test(JSON.stringify(plan));

let t: Awaited<ReturnType<typeof startTestApp>>;
let productId: string;
beforeAll(async () => {
  t = await startTestApp();
  const category = await makeCategory();
  productId = (await makeProduct({ categoryId: category.id })).id;
});
afterAll(() => t.close());

describe('a lookup by _id', () => {
  it('when it finds a product by its ObjectId, then the _id index answers it', async () => {
    const plan = () => ProductModel.find({ _id: productId }).explain();
    await expect.poll(async () => usesIndex(await plan()), { timeout: 10_000 }).toBe(true);
    expect(scans(await plan())).toBe(false);
  });

  it('when it finds a photo file by its string _id, then the _id index answers it', async () => {
    const plan = () => PhotoFileModel.find({ _id: photoFileId(productId, 'v1', 'w320') }).explain();
    await expect.poll(async () => usesIndex(await plan()), { timeout: 10_000 }).toBe(true);
    expect(scans(await plan())).toBe(false);
  });
});
