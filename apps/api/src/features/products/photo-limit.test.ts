import { randomBytes } from 'node:crypto';
import { errorResponseSchema } from '@shop/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, makeCategory, productForm, sendForm } from '../../test/catalog.js';
import { createAdmin, startTestApp } from '../../test/harness.js';
import { ProductModel } from './model.js';

const MAX_PHOTO_BYTES = 2000;

let t: Awaited<ReturnType<typeof startTestApp>>;
let adminToken: string;
let categoryId: string;
beforeAll(async () => {
  t = await startTestApp({ MAX_PHOTO_BYTES: String(MAX_PHOTO_BYTES) });
  adminToken = (await createAdmin()).token;
  categoryId = (await makeCategory()).id;
});
afterAll(() => t.close());

/** A real PNG that is certainly larger than the limit: random pixels do not compress. */
const oversizedPng = () =>
  sharp(randomBytes(40 * 40 * 3), { raw: { width: 40, height: 40, channels: 3 } })
    .png()
    .toBuffer();

describe('photo upload limit', () => {
  it('when the photo is larger than MAX_PHOTO_BYTES, then 413 "Photo is too large" and nothing stored', async () => {
    const bytes = await oversizedPng();
    expect(bytes.length).toBeGreaterThan(MAX_PHOTO_BYTES);
    const req = t.http().post('/api/v1/product/create-product').set('Authorization', adminToken);
    const res = await sendForm(req, productForm(categoryId), { bytes }).expect(413);
    expect(errorResponseSchema.parse(res.body).message).toBe('Photo is too large');
    expect(await ProductModel.countDocuments()).toBe(0);
  });

  it('when the photo is within the limit, then it is accepted', async () => {
    const bytes = await imageBytes('png');
    expect(bytes.length).toBeLessThanOrEqual(MAX_PHOTO_BYTES);
    const req = t.http().post('/api/v1/product/create-product').set('Authorization', adminToken);
    await sendForm(req, productForm(categoryId), { bytes }).expect(201);
  });
});
