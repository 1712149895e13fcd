import { photoRenditionUrl, productResponseSchema } from '@shop/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, productForm, sendForm } from '../../test/catalog.js';
import { createAdmin, startTestApp } from '../../test/harness.js';

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
const get = (url: string) => t.http().get(url).buffer(true);

async function upload() {
  const bytes = await sharp({
    create: { width: 500, height: 400, channels: 3, background: '#aa3300' },
  })
    .jpeg()
    .toBuffer();
  const res = await sendForm(
    t.http().post(`${BASE}/create-product`).set('Authorization', adminToken),
    productForm(categoryId),
    { bytes, filename: 'photo.jpg', contentType: 'image/jpeg' },
  ).expect(201);
  return productResponseSchema.parse(res.body).product;
}

describe('GET /api/v1/product/product-photo/{id}, asked again (answered from memory)', () => {
  it('when asked again, then the same bytes and headers; a 304 again carries no body headers', async () => {
    const product = await upload();
    const url = photoRenditionUrl(product._id, product.photo ?? expect.fail('no photo'), 320);
    const first = await get(url).expect(200);
    const again = await get(url).set('Accept-Encoding', 'gzip').expect(200);
    expect(Buffer.compare(again.body as Buffer, first.body as Buffer)).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers['content-type']).toBe('image/webp');
    expect(again.headers['cache-control']).toBe(first.headers['cache-control']);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    for (let i = 0; i < 2; i += 1) {
      const notModified = await get(url)
        .set('If-None-Match', first.headers.etag ?? '')
        .expect(304);
      expect(notModified.headers['content-type']).toBeUndefined();
      expect(notModified.headers.etag).toBe(first.headers.etag);
    }
  });

  it('when the product is deleted, then its photo is no longer sent from memory', async () => {
    const product = await upload();
    const url = `${BASE}/product-photo/${product._id}`;
    const { headers } = await get(url).expect(200);
    await t
      .http()
      .delete(`${BASE}/product/${product._id}`)
      .set('Authorization', adminToken)
      .expect(200);
    await get(url).expect(404);
    await get(url)
      .set('If-None-Match', headers.etag ?? '')
      .expect(404);
  });
});
