import { PHOTO_WIDTHS, photoRenditionUrl, productResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, makeCategory, makeProduct, uniqueWord } from '../../test/catalog.js';
import { startTestApp } from '../../test/harness.js';
import { ProductModel } from './model.js';
import { photoEtag } from './photo.js';
import { migrateProductPhotos } from './photo-migration.js';
import { PhotoFileModel, photoFileId } from './photo-store.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let categoryId: mongoose.Types.ObjectId;
beforeAll(async () => {
  t = await startTestApp();
  categoryId = new mongoose.Types.ObjectId((await makeCategory()).id);
});
afterAll(() => t.close());

const photoOf = (color: string) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** A product as the previous version wrote it: the photo's bytes inside the document. */
async function insertOldProduct(bytes: Buffer, contentType = 'image/jpeg') {
  const name = `Old ${uniqueWord()}`;
  const _id = new mongoose.Types.ObjectId();
  const now = new Date();
  await ProductModel.collection.insertOne({
    _id,
    name,
    slug: name.toLowerCase().replace(' ', '-'),
    description: 'Written before photos had their own collection',
    price: 10,
    quantity: 2,
    category: categoryId,
    shipping: 0,
    photo: { data: bytes, contentType, etag: photoEtag(bytes) },
    createdAt: now,
    updatedAt: now,
  });
  return { id: String(_id), slug: name.toLowerCase().replace(' ', '-'), bytes };
}

const rawPhoto = async (id: string) =>
  (await ProductModel.collection.findOne({ _id: new mongoose.Types.ObjectId(id) }))?.photo;

/** Everything a migrated product must show: metadata only, and every size served. */
async function expectMigrated(old: { id: string; slug: string; bytes: Buffer }, type: string) {
  const version = photoEtag(old.bytes);
  expect(await rawPhoto(old.id)).toEqual({
    version,
    width: 1200,
    height: 900,
    color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  const spec = await t.http().get(`/api/v1/product/product-photo/${old.id}`).buffer(true);
  expect(spec.status).toBe(200);
  expect(spec.headers['content-type']).toBe(type);
  expect(Buffer.compare(spec.body as Buffer, old.bytes)).toBe(0);
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

describe('photo migration', () => {
  it('when products carry their photo bytes, then they move out and the products keep metadata', async () => {
    const jpeg = await insertOldProduct(await photoOf('#aa0000'));
    const png = await insertOldProduct(
      await sharp(await photoOf('#00aa00'))
        .png()
        .toBuffer(),
      'image/png',
    );
    const current = await makeProduct({ categoryId: String(categoryId) });

    const result = await migrateProductPhotos();

    expect(result).toEqual({ migrated: 2, unreadable: [] });
    await expectMigrated(jpeg, 'image/jpeg');
    await expectMigrated(png, 'image/png');
    expect(await rawPhoto(current.id)).toEqual(current.photoMeta);
    expect(await migrateProductPhotos()).toEqual({ migrated: 0, unreadable: [] });
  });

  it('when a run stopped after copying some files, then the next run finishes it and loses nothing', async () => {
    const old = await insertOldProduct(await photoOf('#0000aa'));
    const version = photoEtag(old.bytes);
    // The interrupted run wrote the original and a torn rendition, then stopped before the unset.
    await PhotoFileModel.create([
      { _id: photoFileId(old.id, version, 'orig'), data: old.bytes, contentType: 'image/jpeg' },
      {
        _id: photoFileId(old.id, version, 'w320'),
        data: old.bytes.subarray(0, 50),
        contentType: 'image/webp',
      },
    ]);
    expect((await rawPhoto(old.id))?.data).toBeDefined();

    expect(await migrateProductPhotos()).toEqual({ migrated: 1, unreadable: [] });
    await expectMigrated(old, 'image/jpeg');
  });

  it('when stored bytes are no readable image, then they stay where they are', async () => {
    const broken = Buffer.concat([await imageBytes('png'), Buffer.alloc(10)]).subarray(0, 20);
    const old = await insertOldProduct(broken, 'image/png');

    expect(await migrateProductPhotos()).toEqual({ migrated: 0, unreadable: [old.id] });
    const photo = await rawPhoto(old.id);
    expect(Buffer.from(photo?.data.buffer).equals(broken)).toBe(true);
    await ProductModel.collection.deleteOne({ _id: new mongoose.Types.ObjectId(old.id) });
  });
});
