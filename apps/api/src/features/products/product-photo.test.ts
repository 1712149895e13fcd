import { errorResponseSchema, productResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, makeCategory, productForm, sendForm } from '../../test/catalog.js';
import { createAdmin, startTestApp } from '../../test/harness.js';
import { ProductModel } from './model.js';
import { photoEtag } from './photo.js';

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
const errorOf = (body: unknown) => errorResponseSchema.parse(body).message;
const getPhoto = (id: string) => t.http().get(`${BASE}/product-photo/${id}`);

/** Creates a product through the admin call, uploading the given bytes as its photo. */
async function uploadProduct(bytes: Buffer, filename = 'photo.png', contentType = 'image/png') {
  const res = await sendForm(
    t.http().post(`${BASE}/create-product`).set('Authorization', adminToken),
    productForm(categoryId),
    { bytes, filename, contentType },
  ).expect(201);
  return productResponseSchema.parse(res.body).product;
}

describe('product-photo', () => {
  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)(
    'when a %s photo was uploaded, then it comes back byte for byte as %s',
    async (format, type) => {
      const bytes = await imageBytes(format, '#0a0');
      // The declared name and type say PNG; only the bytes decide.
      const product = await uploadProduct(bytes, 'photo.png', 'image/png');
      const res = await getPhoto(product._id).expect(200);
      expect(res.headers['content-type']).toBe(type);
      expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
      expect(res.headers.etag).toBe(`"${photoEtag(bytes)}"`);
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    },
  );

  it('when the browser revalidates with the ETag it holds, then 304 without a body', async () => {
    const product = await uploadProduct(await imageBytes('png', '#123'));
    const { headers } = await getPhoto(product._id).expect(200);
    const res = await getPhoto(product._id)
      .set('If-None-Match', headers.etag ?? '')
      .expect(304);
    expect(res.text ?? '').toBe('');
    expect(res.headers.etag).toBe(headers.etag);
  });

  it('when If-None-Match lists the ETag among others or weakly, then 304', async () => {
    const product = await uploadProduct(await imageBytes('png', '#456'));
    const etag = `"${photoEtag(await imageBytes('png', '#456'))}"`;
    await getPhoto(product._id).set('If-None-Match', `"other", ${etag}`).expect(304);
    await getPhoto(product._id).set('If-None-Match', `W/${etag}`).expect(304);
  });

  it('when the photo changed since, then the old ETag gets the new bytes', async () => {
    const product = await uploadProduct(await imageBytes('png', '#789'));
    const { headers } = await getPhoto(product._id).expect(200);
    const newBytes = await imageBytes('png', '#abc');
    await sendForm(
      t.http().put(`${BASE}/update-product/${product._id}`).set('Authorization', adminToken),
      productForm(categoryId, { name: product.name }),
      { bytes: newBytes },
    ).expect(200);
    const res = await getPhoto(product._id)
      .set('If-None-Match', headers.etag ?? '')
      .expect(200);
    expect(Buffer.compare(res.body as Buffer, newBytes)).toBe(0);
    expect(res.headers.etag).not.toBe(headers.etag);
  });

  it('when the product is unknown, then 404; when the id is not an id, then 400', async () => {
    const unknown = new mongoose.Types.ObjectId().toString();
    expect(errorOf((await getPhoto(unknown).expect(404)).body)).toBe('Photo not found');
    expect(errorOf((await getPhoto('abc').expect(400)).body)).toMatch(/valid id/);
  });

  it('when the product has no photo, then 404', async () => {
    const product = await ProductModel.create({
      name: 'Bare',
      slug: 'bare',
      description: 'No picture yet',
      price: 1,
      quantity: 1,
      category: categoryId,
    });
    const res = await getPhoto(String(product._id)).expect(404);
    expect(errorOf(res.body)).toBe('Photo not found');
  });
});
