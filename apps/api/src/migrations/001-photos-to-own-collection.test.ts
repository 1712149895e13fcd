import { PHOTO_WIDTHS, photoRenditionUrl, productResponseSchema } from '@shop/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoEtag } from '../features/products/photo.js';
import { photoFileIdsOf, savePhotoFiles } from '../features/products/photo-store.js';
import { preparePhoto } from '../features/products/renditions.js';
import { findProduct } from '../features/products/repository/reads.js';
import { imageBytes, makeCategory, makeProduct, uniqueWord } from '../test/catalogue.js';
import { startTestApp } from '../test/harness.js';
import { runMigration } from '../test/migrations.js';
import { metadataOf, phonePhoto, pixelDifference, uprightWithoutMetadata } from '../test/photos.js';
import { insertProductWithPhotoBytes, unreadablePhotoOf } from '../test/raw-documents.js';
import { migration, PHOTO_BATCH } from './001-photos-to-own-collection.js';
import { photoBytesInside, photosToStrip } from './products-as-stored.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let categoryId: string;
beforeAll(async () => {
  t = await startTestApp();
  categoryId = (await makeCategory()).id;
});
afterAll(() => t.close());

const photoOf = (color: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** A product as the previous version wrote it: the photo's bytes inside the document. */
async function insertOldProduct(bytes: Buffer, contentType = 'image/jpeg') {
  const name = `Old ${uniqueWord()}`;
  const slug = name.toLowerCase().replace(' ', '-');
  const id = await insertProductWithPhotoBytes({ name, slug, categoryId, bytes, contentType });
  return { id, slug, bytes };
}

/** The photo's metadata as stored, once no bytes are left inside the product. */
const storedPhoto = async (id: string) =>
  (await photoBytesInside(id)) ? 'bytes still inside' : (await findProduct(id))?.photo;

/** Everything a migrated product must show: metadata only, and every size served. */
async function expectMigrated(old: { id: string; slug: string; bytes: Buffer }, type: string) {
  const spec = await t.http().get(`/api/v1/product/product-photo/${old.id}`).buffer(true);
  expect(spec.status).toBe(200);
  expect(spec.headers['content-type']).toBe(type);
  expect(await pixelDifference(spec.body as Buffer, old.bytes)).toBeLessThanOrEqual(4);
  expect(await storedPhoto(old.id)).toEqual({
    version: photoEtag(spec.body as Buffer),
    width: 1200,
    height: 900,
    color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  const res = await t.http().get(`/api/v1/product/get-product/${old.slug}`).expect(200);
  const photo = productResponseSchema.parse(res.body).product.photo ?? expect.fail('no photo');
  for (const width of PHOTO_WIDTHS) {
    const rendition = await t
      .http()
      .get(photoRenditionUrl(old.id, photo, width))
      .buffer(true);
    expect(await sharp(rendition.body as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width,
    });
  }
}

describe('migration 001: photos to their own collection', () => {
  it('when products carry their photo bytes, then they move out and the products keep metadata', async () => {
    const jpeg = await insertOldProduct(await photoOf('#aa0000'));
    const png = await insertOldProduct(
      await sharp(await photoOf('#00aa00'))
        .png()
        .toBuffer(),
      'image/png',
    );
    const current = await makeProduct({ categoryId });

    const { lines } = await runMigration(migration);

    expect(lines).toEqual(['2 product photos moved to their own collection']);
    await expectMigrated(jpeg, 'image/jpeg');
    await expectMigrated(png, 'image/png');
    expect(await storedPhoto(current.id)).toEqual(current.photoMeta);
    expect((await runMigration(migration)).lines).toEqual([]);
  });

  it('when a product carries a phone photo inside, then it moves out upright and without its metadata, marked so: the stripping pass after it has nothing to prepare again', async () => {
    const old = await insertOldProduct(await phonePhoto());

    await runMigration(migration);

    const served = await t.http().get(`/api/v1/product/product-photo/${old.id}`).buffer(true);
    expect(await metadataOf(served.body as Buffer)).toEqual(uprightWithoutMetadata('jpeg'));
    expect(await photosToStrip(old.id)).toBeNull();
  });

  it('when a run stopped after copying some files, then the next run finishes it and loses nothing', async () => {
    const old = await insertOldProduct(await photoOf('#0000aa'));
    const { meta, files } = await preparePhoto(old.bytes, 'migration');
    const original = files.find((file) => file.size === 'orig') ?? expect.fail('no original');
    // The interrupted run wrote the original and a torn rendition, then stopped before the unset.
    await savePhotoFiles(old.id, {
      meta,
      files: [
        original,
        { size: 'w320', data: original.data.subarray(0, 50), contentType: 'image/webp' },
      ],
    });
    expect(await photoBytesInside(old.id)).not.toBeNull();

    expect((await runMigration(migration)).lines).toEqual([
      '1 product photos moved to their own collection',
    ]);
    await expectMigrated(old, 'image/jpeg');
    expect(await photoFileIdsOf(old.id)).toEqual(
      ['orig', 'w320', 'w640', 'w960'].map((size) => `${old.id}:${meta.version}:${size}`),
    );
  });

  it('when more products than a batch carry their bytes, then each batch is told as done and all move', async () => {
    const bytes = await photoOf('#aaaa00');
    const olds = await Promise.all(
      Array.from({ length: PHOTO_BATCH + 2 }, () => insertOldProduct(bytes)),
    );

    const { lines, progress } = await runMigration(migration);

    expect(lines).toEqual([`${PHOTO_BATCH + 2} product photos moved to their own collection`]);
    expect(progress).toEqual([
      [PHOTO_BATCH, PHOTO_BATCH + 2],
      [PHOTO_BATCH + 2, PHOTO_BATCH + 2],
    ]);
    for (const old of olds) expect(await photoBytesInside(old.id)).toBeNull();
    await expectMigrated(olds[PHOTO_BATCH + 1] ?? expect.fail('no product'), 'image/jpeg');
  });

  it('when stored bytes are no readable image, then they are set aside out of the product, which shows no photo as before', async () => {
    const broken = Buffer.concat([await imageBytes('png'), Buffer.alloc(10)]).subarray(0, 20);
    const old = await insertOldProduct(broken, 'image/png');

    const { lines, details } = await runMigration(migration);

    expect(lines).toEqual([
      'product photos that are no readable image were set aside in unreadable_product_photos',
    ]);
    expect(details).toEqual([{ products: [old.id] }]);
    expect(await photoBytesInside(old.id)).toBeNull();
    expect(await unreadablePhotoOf(old.id)).toEqual({ bytes: broken, contentType: 'image/png' });
    expect((await findProduct(old.id))?.photo).toBeNull();
  });
});
