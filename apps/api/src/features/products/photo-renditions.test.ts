import {
  errorResponseSchema,
  PHOTO_WIDTHS,
  type Product,
  photoRenditionUrl,
  productResponseSchema,
} from '@shop/contracts';
import mongoose from 'mongoose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, productForm, sendForm } from '../../test/catalog.js';
import { createAdmin, startTestApp } from '../../test/harness.js';
import { ProductModel } from './model.js';
import { photoEtag } from './photo.js';
import { PhotoFileModel } from './photo-store.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let adminToken: string;
let categoryId: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createAdmin()).token;
  categoryId = (await makeCategory()).id;
});
afterAll(() => t.close());

const BASE = '/api/v1/product';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';
const errorOf = (body: unknown) => errorResponseSchema.parse(body).message;

/** A JPEG with EXIF metadata, of the given size. */
const jpeg = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Shop test' } } })
    .jpeg()
    .toBuffer();

const get = (url: string) => t.http().get(url).buffer(true);

async function upload(bytes: Buffer) {
  const res = await sendForm(
    t.http().post(`${BASE}/create-product`).set('Authorization', adminToken),
    productForm(categoryId),
    { bytes, filename: 'photo.jpg', contentType: 'image/jpeg' },
  ).expect(201);
  return productResponseSchema.parse(res.body).product;
}

async function replacePhoto(product: Product, bytes: Buffer) {
  const res = await sendForm(
    t.http().put(`${BASE}/update-product/${product._id}`).set('Authorization', adminToken),
    productForm(categoryId, { name: product.name }),
    { bytes },
  ).expect(200);
  return productResponseSchema.parse(res.body).product;
}

/** The product's document as the database holds it, read with the driver itself. */
const rawProduct = (id: string) =>
  ProductModel.collection.findOne({ _id: new mongoose.Types.ObjectId(id) });
const photoFileIds = async (productId: string) =>
  (await PhotoFileModel.find({ _id: { $regex: `^${productId}:` } }, { _id: 1 }).lean())
    .map((f) => String(f._id))
    .sort();

describe('photo renditions', () => {
  it('when a photo is uploaded, then WebP renditions of 320, 640 and 960 px are served, metadata stripped', async () => {
    const bytes = await jpeg(1400, 1000);
    const product = await upload(bytes);
    expect(product.photo).toEqual({
      version: photoEtag(bytes),
      width: 1400,
      height: 1000,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const photo = product.photo ?? expect.fail('no photo');
    for (const width of PHOTO_WIDTHS) {
      const res = await get(photoRenditionUrl(product._id, photo, width)).expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const info = await sharp(res.body as Buffer).metadata();
      expect(info).toMatchObject({
        format: 'webp',
        width,
        height: Math.round((width * 1000) / 1400),
      });
      expect(info.exif).toBeUndefined();
    }
  });

  it('when the photo is narrower than a width, then that rendition keeps the original size', async () => {
    const product = await upload(await jpeg(400, 300));
    const photo = product.photo ?? expect.fail('no photo');
    const res = await get(photoRenditionUrl(product._id, photo, 960)).expect(200);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  it('when a photo is stored, then the product document holds only its metadata, never bytes', async () => {
    const product = await upload(await jpeg(800, 600));
    const stored = await rawProduct(product._id);
    expect(stored?.photo).toEqual(product.photo);
    expect(JSON.stringify(stored)).not.toMatch(/"data"|Binary|"\$binary"/);
    const version = product.photo?.version;
    expect(await photoFileIds(product._id)).toEqual(
      ['orig', 'w320', 'w640', 'w960'].map((s) => `${product._id}:${version}:${s}`).sort(),
    );
  });

  it('when the versioned URL is asked, then it is immutable for a year; its ETag gives 304', async () => {
    const product = await upload(await jpeg(700, 500));
    const url = photoRenditionUrl(product._id, product.photo ?? expect.fail('no photo'), 320);
    const res = await get(url).expect(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.etag).toBe(`"${product.photo?.version}-w320"`);
    const again = await get(url)
      .set('If-None-Match', res.headers.etag ?? '')
      .expect(304);
    expect(again.body).toEqual({});
  });

  it('when the browser revalidates, then the 304 comes from the metadata without reading the bytes', async () => {
    const product = await upload(await jpeg(600, 400));
    const specUrl = `${BASE}/product-photo/${product._id}`;
    const versioned = photoRenditionUrl(product._id, product.photo ?? expect.fail('no photo'), 640);
    const etags = [(await get(specUrl)).headers.etag, (await get(versioned)).headers.etag];
    // With the files gone, only an answer that never reads them can still be a 304.
    await PhotoFileModel.deleteMany({ _id: { $regex: `^${product._id}:` } });
    await get(specUrl)
      .set('If-None-Match', etags[0] ?? '')
      .expect(304);
    await get(versioned)
      .set('If-None-Match', etags[1] ?? '')
      .expect(304);
    expect(await PhotoFileModel.countDocuments({ _id: { $regex: `^${product._id}:` } })).toBe(0);
  });

  it('when the photo was replaced, then the old URL gets the new photo, to revalidate; old files go', async () => {
    const product = await upload(await jpeg(700, 500, '#ff0000'));
    const oldPhoto = product.photo ?? expect.fail('no photo');
    const newBytes = await jpeg(900, 600, '#00ff00');
    const edited = await replacePhoto(product, newBytes);
    expect(edited.photo?.version).toBe(photoEtag(newBytes));
    expect(edited.photo?.version).not.toBe(oldPhoto.version);

    const res = await get(photoRenditionUrl(product._id, oldPhoto, 640)).expect(200);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.headers.etag).toBe(`"${edited.photo?.version}-w640"`);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 640, height: 427 });
    const newVersion = edited.photo?.version ?? '';
    expect((await photoFileIds(product._id)).every((id) => id.includes(newVersion))).toBe(true);
    const spec = await get(`${BASE}/product-photo/${product._id}`).expect(200);
    expect(Buffer.compare(spec.body as Buffer, newBytes)).toBe(0);
  });

  it('when the product is deleted, then its photo files are deleted too', async () => {
    const product = await upload(await jpeg(500, 400));
    expect(await photoFileIds(product._id)).toHaveLength(4);
    await t
      .http()
      .delete(`${BASE}/product/${product._id}`)
      .set('Authorization', adminToken)
      .expect(200);
    expect(await photoFileIds(product._id)).toEqual([]);
  });

  it.each([
    [{ v: 'abc', w: '320' }, 'v must be a photo version'],
    [{ v: 'a'.repeat(64), w: '300' }, 'w must be one of 320, 640, 960'],
    [{ w: '320' }, 'v and w go together'],
    [{ v: 'a'.repeat(64) }, 'v and w go together'],
  ])('when the query is %j, then 400 "%s"', async (query, message) => {
    const product = await upload(await jpeg(500, 400));
    const res = await t.http().get(`${BASE}/product-photo/${product._id}`).query(query).expect(400);
    expect(errorOf(res.body)).toBe(message);
  });

  it('when the query repeats w, then 400, not 500', async () => {
    const product = await upload(await jpeg(500, 400));
    const v = product.photo?.version;
    await t.http().get(`${BASE}/product-photo/${product._id}?v=${v}&w=320&w=640`).expect(400);
  });

  it('when the bytes announce a JPEG but do not decode, then 400 and nothing is stored', async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const before = await PhotoFileModel.countDocuments();
    const res = await sendForm(
      t.http().post(`${BASE}/create-product`).set('Authorization', adminToken),
      productForm(categoryId, { name: 'Broken photo' }),
      { bytes: broken, filename: 'photo.jpg', contentType: 'image/jpeg' },
    ).expect(400);
    expect(errorOf(res.body)).toBe('Photo must be a JPEG, PNG, GIF or WebP image');
    expect(await ProductModel.exists({ name: 'Broken photo' })).toBeNull();
    expect(await PhotoFileModel.countDocuments()).toBe(before);
  });
});
