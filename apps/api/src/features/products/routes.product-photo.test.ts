import {
  PHOTO_WIDTHS,
  type Product,
  photoRenditionUrl,
  productResponseSchema,
} from '@shop/contracts';
import sharp from 'sharp';
import { getPhoto, imageBytes, productForm, sendForm } from '../../test/catalogue.js';
import { createProduct } from '../../test/checkout.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, unknownId } from '../../test/harness.js';
import { pixelDifference } from '../../test/photos.js';
import { storedDocument } from '../../test/raw-documents.js';
import { photoEtag } from './photo.js';
import { countPhotoFiles, deletePhotoFiles, photoFileIdsOf } from './photo-store.js';
import { countProducts, findProduct } from './repository/reads.js';

const BASE = '/api/v1/product';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** A JPEG with EXIF metadata, of the given size. */
const jpeg = (width: number, height: number, background = '#3366cc') =>
  sharp({ create: { width, height, channels: 3, background } })
    .withMetadata({ exif: { IFD0: { Copyright: 'Shop test' } } })
    .jpeg()
    .toBuffer();
/** A JPEG without metadata, 500 × 400. */
const plainJpeg = () =>
  sharp({ create: { width: 500, height: 400, channels: 3, background: '#a30' } })
    .jpeg()
    .toBuffer();
const asJpeg = (bytes: Buffer) => ({ bytes, filename: 'photo.jpg', contentType: 'image/jpeg' });

const get = (api: Api, url: string) => api.get(url).buffer(true);

/** The admin sends the product's form back with a new photo. */
async function replacePhoto(
  api: Api,
  token: string,
  categoryId: string,
  product: Product,
  bytes: Buffer,
) {
  const res = await sendForm(
    api.put(`${BASE}/update-product/${product._id}`).set('Authorization', token),
    productForm(categoryId, { name: product.name }),
    { bytes },
  ).expect(200);
  return productResponseSchema.parse(res.body).product;
}

describe('GET /api/v1/product/product-photo/{id}', () => {
  test.for([
    ['png', 'image/png', 0],
    ['jpeg', 'image/jpeg', 4],
    ['gif', 'image/gif', 0],
    ['webp', 'image/webp', 4],
  ] as const)(
    'when a %s photo was uploaded, then it comes back as %s, its pixels kept, its ETag the hash of its bytes',
    async ([format, type, lossy], { api, upload }) => {
      const bytes = await imageBytes(format, '#0a0');
      // The declared name and type say PNG; only the bytes decide.
      const product = await upload({ bytes, filename: 'photo.png', contentType: 'image/png' });
      const res = await getPhoto(api, product._id).expect(200);
      const served = res.body as Buffer;
      expect(res.headers['content-type']).toBe(type);
      expect(await pixelDifference(served, bytes)).toBeLessThanOrEqual(lossy);
      expect(res.headers.etag).toBe(`"${photoEtag(served)}"`);
      expect(res.headers.etag).toBe(`"${product.photo?.version}"`);
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    },
  );

  test('when the browser revalidates with the ETag it holds, then 304 without a body', async ({
    api,
    upload,
  }) => {
    const product = await upload({ bytes: await imageBytes('png', '#123') });
    const { headers } = await getPhoto(api, product._id).expect(200);
    const res = await getPhoto(api, product._id)
      .set('If-None-Match', headers.etag ?? '')
      .expect(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers.etag).toBe(headers.etag);
  });

  test('when If-None-Match lists the ETag among others or weakly, then 304', async ({
    api,
    upload,
  }) => {
    const product = await upload({ bytes: await imageBytes('png', '#456') });
    const etag = `"${product.photo?.version}"`;
    await getPhoto(api, product._id).set('If-None-Match', `"other", ${etag}`).expect(304);
    await getPhoto(api, product._id).set('If-None-Match', `W/${etag}`).expect(304);
  });

  test('when the photo changed since, then the old ETag gets the new bytes', async ({
    api,
    admin,
    category,
    upload,
  }) => {
    const product = await upload({ bytes: await imageBytes('png', '#789') });
    const { headers } = await getPhoto(api, product._id).expect(200);
    const newBytes = await imageBytes('png', '#abc');
    await replacePhoto(api, admin.token, category.id, product, newBytes);
    const res = await getPhoto(api, product._id)
      .set('If-None-Match', headers.etag ?? '')
      .expect(200);
    expect(await pixelDifference(res.body as Buffer, newBytes)).toBe(0);
    expect(res.headers.etag).not.toBe(headers.etag);
  });

  test('when the product is unknown, then 404; when the id is not an id, then 400', async ({
    api,
  }) => {
    const unknown = unknownId();
    expect(errorOf((await getPhoto(api, unknown).expect(404)).body)).toBe('Photo not found');
    expect(errorOf((await getPhoto(api, 'abc').expect(400)).body)).toMatch(/valid id/);
  });

  test('when the product has no photo, then 404', async ({ api }) => {
    const product = await createProduct();
    const res = await getPhoto(api, product.id).expect(404);
    expect(errorOf(res.body)).toBe('Photo not found');
  });
});

describe('GET /api/v1/product/product-photo/{id}?v=…&w=… (renditions)', () => {
  test('when a photo is uploaded, then WebP renditions of 320, 640 and 960 px are served, metadata stripped', async ({
    api,
    upload,
  }) => {
    const product = await upload(asJpeg(await jpeg(1400, 1000)));
    const original = await get(api, `${BASE}/product-photo/${product._id}`).expect(200);
    expect(product.photo).toEqual({
      version: photoEtag(original.body as Buffer),
      width: 1400,
      height: 1000,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const photo = product.photo ?? expect.fail('no photo');
    for (const width of PHOTO_WIDTHS) {
      const res = await get(api, photoRenditionUrl(product._id, photo, width)).expect(200);
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

  test('when the photo is narrower than a width, then that rendition keeps the original size', async ({
    api,
    upload,
  }) => {
    const product = await upload(asJpeg(await jpeg(400, 300)));
    const photo = product.photo ?? expect.fail('no photo');
    const res = await get(api, photoRenditionUrl(product._id, photo, 960)).expect(200);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 400, height: 300 });
  });

  test('when a photo is stored, then the product document holds only its metadata, never bytes', async ({
    upload,
  }) => {
    const product = await upload(asJpeg(await jpeg(800, 600)));
    expect((await findProduct(product._id))?.photo).toEqual(product.photo);
    expect((await storedDocument('products', product._id))?.photo).not.toHaveProperty('data');
    const version = product.photo?.version;
    expect(await photoFileIdsOf(product._id)).toEqual(
      ['orig', 'w320', 'w640', 'w960'].map((s) => `${product._id}:${version}:${s}`).sort(),
    );
  });

  test('when the versioned URL is asked, then it is immutable for a year; its ETag gives 304', async ({
    api,
    upload,
  }) => {
    const product = await upload(asJpeg(await jpeg(700, 500)));
    const url = photoRenditionUrl(product._id, product.photo ?? expect.fail('no photo'), 320);
    const res = await get(api, url).expect(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.etag).toBe(`"${product.photo?.version}-w320"`);
    const again = await get(api, url)
      .set('If-None-Match', res.headers.etag ?? '')
      .expect(304);
    expect(again.body).toEqual({});
  });

  test('when the browser revalidates, then the 304 comes from the metadata without reading the bytes', async ({
    api,
    upload,
  }) => {
    const product = await upload(asJpeg(await jpeg(600, 400)));
    const specUrl = `${BASE}/product-photo/${product._id}`;
    const versioned = photoRenditionUrl(product._id, product.photo ?? expect.fail('no photo'), 640);
    const etags = [
      (await get(api, specUrl)).headers.etag,
      (await get(api, versioned)).headers.etag,
    ];
    // With the files gone, only an answer that never reads them can still be a 304.
    await deletePhotoFiles(product._id, product.photo);
    await get(api, specUrl)
      .set('If-None-Match', etags[0] ?? '')
      .expect(304);
    await get(api, versioned)
      .set('If-None-Match', etags[1] ?? '')
      .expect(304);
    expect(await photoFileIdsOf(product._id)).toEqual([]);
  });

  test('when the photo was replaced, then the old URL gets the new photo, to revalidate; old files go', async ({
    api,
    admin,
    category,
    upload,
  }) => {
    const product = await upload(asJpeg(await jpeg(700, 500, '#ff0000')));
    const oldPhoto = product.photo ?? expect.fail('no photo');
    const newBytes = await jpeg(900, 600, '#00ff00');
    const edited = await replacePhoto(api, admin.token, category.id, product, newBytes);
    expect(edited.photo?.version).not.toBe(oldPhoto.version);

    const res = await get(api, photoRenditionUrl(product._id, oldPhoto, 640)).expect(200);
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.headers.etag).toBe(`"${edited.photo?.version}-w640"`);
    expect(await sharp(res.body as Buffer).metadata()).toMatchObject({ width: 640, height: 427 });
    const newVersion = edited.photo?.version ?? '';
    expect((await photoFileIdsOf(product._id)).every((id) => id.includes(newVersion))).toBe(true);
    const spec = await get(api, `${BASE}/product-photo/${product._id}`).expect(200);
    expect(photoEtag(spec.body as Buffer)).toBe(edited.photo?.version);
    expect(await pixelDifference(spec.body as Buffer, newBytes)).toBeLessThanOrEqual(4);
  });

  test('when the product is deleted, then its photo files are deleted too', async ({
    api,
    admin,
    upload,
  }) => {
    const product = await upload(asJpeg(await jpeg(500, 400)));
    expect(await photoFileIdsOf(product._id)).toHaveLength(4);
    await api
      .delete(`${BASE}/product/${product._id}`)
      .set('Authorization', admin.token)
      .expect(200);
    expect(await photoFileIdsOf(product._id)).toEqual([]);
  });

  test.for([
    [{ v: 'abc', w: '320' }, 'v must be a photo version'],
    [{ v: 'a'.repeat(64), w: '300' }, 'w must be one of 320, 640, 960'],
    [{ w: '320' }, 'v and w go together'],
    [{ v: 'a'.repeat(64) }, 'v and w go together'],
  ] as const)('when the query is %j, then 400 "%s"', async ([query, message], { api, upload }) => {
    const product = await upload(asJpeg(await jpeg(500, 400)));
    const res = await api.get(`${BASE}/product-photo/${product._id}`).query(query).expect(400);
    expect(errorOf(res.body)).toBe(message);
  });

  test('when the query repeats w, then 400, not 500', async ({ api, upload }) => {
    const product = await upload(asJpeg(await jpeg(500, 400)));
    const v = product.photo?.version;
    await api.get(`${BASE}/product-photo/${product._id}?v=${v}&w=320&w=640`).expect(400);
  });

  test('when the bytes announce a JPEG but do not decode, then 400 and nothing is stored', async ({
    api,
    admin,
    category,
  }) => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const before = await countPhotoFiles();
    const res = await sendForm(
      api.post(`${BASE}/create-product`).set('Authorization', admin.token),
      productForm(category.id, { name: 'Broken photo' }),
      { bytes: broken, filename: 'photo.jpg', contentType: 'image/jpeg' },
    ).expect(400);
    expect(errorOf(res.body)).toBe('Photo must be a JPEG, PNG, GIF or WebP image');
    expect(await countProducts({ name: 'Broken photo' })).toBe(0);
    expect(await countPhotoFiles()).toBe(before);
  });
});

describe('GET /api/v1/product/product-photo/{id}, asked again (answered from memory)', () => {
  test('when asked again, then the same bytes and headers; a 304 again carries no body headers', async ({
    api,
    upload,
  }) => {
    const product = await upload(asJpeg(await plainJpeg()));
    const url = photoRenditionUrl(product._id, product.photo ?? expect.fail('no photo'), 320);
    const getAgain = () => get(api, url);
    const first = await getAgain().expect(200);
    const again = await getAgain().set('Accept-Encoding', 'gzip').expect(200);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers['content-type']).toBe('image/webp');
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    for (let i = 0; i < 2; i += 1) {
      const notModified = await getAgain()
        .set('If-None-Match', first.headers.etag ?? '')
        .expect(304);
      expect(notModified.headers['content-type']).toBeUndefined();
      expect(notModified.headers.etag).toBe(first.headers.etag);
    }
  });

  test('when the product is deleted, then its photo is no longer sent from memory', async ({
    api,
    admin,
    upload,
  }) => {
    const product = await upload(asJpeg(await plainJpeg()));
    const url = `${BASE}/product-photo/${product._id}`;
    const { headers } = await api.get(url).expect(200);
    await api
      .delete(`${BASE}/product/${product._id}`)
      .set('Authorization', admin.token)
      .expect(200);
    await api.get(url).expect(404);
    await api
      .get(url)
      .set('If-None-Match', headers.etag ?? '')
      .expect(404);
  });
});
