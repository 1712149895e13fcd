import { photoRenditionUrl, productResponseSchema } from '@shop/contracts';
import sharp from 'sharp';
import { makeCategory, productForm, sendForm } from '../../test/catalog.js';
import { type TestApp as App, describe, expect, test } from '../../test/fixtures.js';

const BASE = '/api/v1/product';

async function upload(app: App, adminToken: string) {
  const bytes = await sharp({
    create: { width: 500, height: 400, channels: 3, background: '#a30' },
  })
    .jpeg()
    .toBuffer();
  const res = await sendForm(
    app.http().post(`${BASE}/create-product`).set('Authorization', adminToken),
    productForm((await makeCategory()).id),
    { bytes, filename: 'photo.jpg', contentType: 'image/jpeg' },
  ).expect(201);
  return productResponseSchema.parse(res.body).product;
}

describe('GET /api/v1/product/product-photo/{id}, asked again (answered from memory)', () => {
  test('when asked again, then the same bytes and headers; a 304 again carries no body headers', async ({
    app,
    admin,
  }) => {
    const product = await upload(app, admin.token);
    const url = photoRenditionUrl(product._id, product.photo ?? expect.fail('no photo'), 320);
    const get = () => app.http().get(url).buffer(true);
    const first = await get().expect(200);
    const again = await get().set('Accept-Encoding', 'gzip').expect(200);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers['content-type']).toBe('image/webp');
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    for (let i = 0; i < 2; i += 1) {
      const notModified = await get()
        .set('If-None-Match', first.headers.etag ?? '')
        .expect(304);
      expect(notModified.headers['content-type']).toBeUndefined();
      expect(notModified.headers.etag).toBe(first.headers.etag);
    }
  });

  test('when the product is deleted, then its photo is no longer sent from memory', async ({
    app,
    admin,
  }) => {
    const product = await upload(app, admin.token);
    const url = `${BASE}/product-photo/${product._id}`;
    const { headers } = await app.http().get(url).expect(200);
    await app
      .http()
      .delete(`${BASE}/product/${product._id}`)
      .set('Authorization', admin.token)
      .expect(200);
    await app.http().get(url).expect(404);
    await app
      .http()
      .get(url)
      .set('If-None-Match', headers.etag ?? '')
      .expect(404);
  });
});
