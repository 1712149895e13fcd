import { errorResponseSchema, messageResponseSchema, productResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  imageBytes,
  makeCategory,
  makeProduct,
  productForm,
  sendForm,
} from '../../test/catalog.js';
import { createAdmin, createUser, forgedToken, startTestApp } from '../../test/harness.js';
import { ProductModel } from './model.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let adminToken: string;
let userToken: string;
let categoryId: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createAdmin()).token;
  userToken = (await createUser()).token;
  categoryId = (await makeCategory()).id;
});
afterAll(() => t.close());

const BASE = '/api/v1/product';
const unknownId = () => new mongoose.Types.ObjectId().toString();
const errorOf = (body: unknown) => errorResponseSchema.parse(body).message;
const withToken = <R extends { set: (k: string, v: string) => R }>(req: R, token?: string) =>
  token ? req.set('Authorization', token) : req;
const update = (id: string, token: string | undefined) =>
  withToken(t.http().put(`${BASE}/update-product/${id}`), token);
const remove = (id: string, token: string | undefined) =>
  withToken(t.http().delete(`${BASE}/product/${id}`), token);
const stored = (id: string) => ProductModel.findById(id).lean();
const getPhoto = (id: string) => t.http().get(`${BASE}/product-photo/${id}`);
const notAdmins = () =>
  [
    ['no token', undefined, 401],
    ['a forged token', forgedToken(), 401],
    ['a normal user', userToken, 403],
  ] as const;

describe('update-product', () => {
  it('when an admin changes every field but the photo, then they change and the photo stays', async () => {
    const original = await makeProduct({ categoryId });
    const otherCategory = await makeCategory();
    const fields = productForm(otherCategory.id, { name: 'Brand New Name', price: '99.5' });
    const res = await sendForm(update(original.id, adminToken), fields).expect(200);
    const { message, product } = productResponseSchema.parse(res.body);
    expect(message).toBe('Product Updated Successfully');
    expect(product).toMatchObject({
      _id: original.id,
      name: 'Brand New Name',
      slug: 'brand-new-name',
      price: 99.5,
      category: { _id: otherCategory.id, name: otherCategory.name, slug: otherCategory.slug },
    });
    const photo = await getPhoto(original.id).expect(200);
    expect(Buffer.compare(photo.body as Buffer, original.photo)).toBe(0);
  });

  it('when shipping is not sent, then it keeps its value', async () => {
    const original = await makeProduct({ categoryId });
    const res = await sendForm(
      update(original.id, adminToken),
      productForm(categoryId, { shipping: undefined }),
    ).expect(200);
    expect(productResponseSchema.parse(res.body).product.shipping).toBe(1);
  });

  it('when a new photo is sent, then its bytes and sniffed type replace the old ones', async () => {
    const original = await makeProduct({ categoryId });
    const jpeg = await imageBytes('jpeg', '#00f');
    await sendForm(update(original.id, adminToken), productForm(categoryId), {
      bytes: jpeg,
      filename: 'new.png',
      contentType: 'image/png',
    }).expect(200);
    const photo = await getPhoto(original.id).expect(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(photo.body as Buffer, jpeg)).toBe(0);
  });

  it('when the product keeps its own name, then the update succeeds', async () => {
    const original = await makeProduct({ categoryId });
    await sendForm(
      update(original.id, adminToken),
      productForm(categoryId, { name: original.name }),
    ).expect(200);
  });

  it('when the name belongs to another product, then 409 and nothing changes', async () => {
    const taken = await makeProduct({ categoryId });
    const original = await makeProduct({ categoryId });
    const res = await sendForm(
      update(original.id, adminToken),
      productForm(categoryId, { name: taken.name.toLowerCase(), price: '1' }),
    ).expect(409);
    expect(errorOf(res.body)).toBe('Product Already Exists');
    expect((await stored(original.id))?.name).toBe(original.name);
  });

  it.each([
    ['a non-image photo', 'Photo must be a JPEG, PNG, GIF or WebP image', Buffer.from('GIF8')],
    ['an unknown category', 'Category does not exist', undefined],
  ])('when the form has %s, then 400 "%s" and nothing changes', async (label, message, bytes) => {
    const original = await makeProduct({ categoryId });
    const category = label === 'an unknown category' ? unknownId() : categoryId;
    const res = await sendForm(
      update(original.id, adminToken),
      productForm(category, { name: 'Should Not Stick' }),
      bytes ? { bytes } : undefined,
    ).expect(400);
    expect(errorOf(res.body)).toBe(message);
    expect((await stored(original.id))?.name).toBe(original.name);
  });

  it('when a field is an operator object, then 400 and nothing changes', async () => {
    const original = await makeProduct({ categoryId });
    const { price: _price, ...rest } = productForm(categoryId);
    await sendForm(update(original.id, adminToken), { ...rest, 'price[$inc]': '5' }).expect(400);
    expect((await stored(original.id))?.price).toBe(25);
  });

  it('when the id is unknown, then 404; when it is not an id, then 400', async () => {
    const missing = await sendForm(update(unknownId(), adminToken), productForm(categoryId));
    expect(missing.status).toBe(404);
    expect(errorOf(missing.body)).toBe('Product not found');
    const bad = await sendForm(update('123', adminToken), productForm(categoryId)).expect(400);
    expect(errorOf(bad.body)).toMatch(/valid id/);
  });

  it('when the caller is not an admin, then 401 or 403 and nothing changes', async () => {
    const original = await makeProduct({ categoryId });
    for (const [, token, status] of notAdmins()) {
      await sendForm(
        update(original.id, token),
        productForm(categoryId, { name: 'Hijack' }),
      ).expect(status);
    }
    expect((await stored(original.id))?.name).toBe(original.name);
  });
});

describe('delete product', () => {
  it('when an admin deletes a product, then it and its photo are gone', async () => {
    const product = await makeProduct({ categoryId });
    const res = await remove(product.id, adminToken).expect(200);
    expect(messageResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Product Deleted successfully',
    });
    await t.http().get(`${BASE}/get-product/${product.slug}`).expect(404);
    await getPhoto(product.id).expect(404);
  });

  it('when the id is unknown, then 404; when it is not an id, then 400', async () => {
    expect(errorOf((await remove(unknownId(), adminToken).expect(404)).body)).toBe(
      'Product not found',
    );
    expect(errorOf((await remove('nope', adminToken).expect(400)).body)).toMatch(/valid id/);
  });

  it('when the caller is not an admin, then 401 or 403 and the product stays', async () => {
    const product = await makeProduct({ categoryId });
    for (const [, token, status] of notAdmins()) {
      await remove(product.id, token).expect(status);
    }
    expect(await ProductModel.exists({ _id: product.id })).toBeTruthy();
  });
});
