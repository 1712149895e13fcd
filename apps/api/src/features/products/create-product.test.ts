import { errorResponseSchema, productResponseSchema } from '@shop/contracts';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectNoPhotoBytes,
  imageBytes,
  makeCategory,
  makeProduct,
  productForm,
  sendForm,
  uniqueWord,
} from '../../test/catalog.js';
import { createAdmin, createUser, forgedToken, startTestApp } from '../../test/harness.js';
import { ProductModel } from './model.js';
import { photoEtag } from './photo.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let adminToken: string;
let userToken: string;
let categoryId: string;
let png: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createAdmin()).token;
  userToken = (await createUser()).token;
  categoryId = (await makeCategory()).id;
  png = await imageBytes('png');
});
afterAll(() => t.close());

const URL = '/api/v1/product/create-product';
const create = (token: string | undefined) => {
  const req = t.http().post(URL);
  return token ? req.set('Authorization', token) : req;
};
const asAdmin = () => create(adminToken);
const errorOf = (body: unknown) => errorResponseSchema.parse(body).message;

/** Runs a call that must be refused and checks that no product appeared. */
async function expectRefused(send: () => Promise<{ status: number; body: unknown }>) {
  const before = await ProductModel.countDocuments();
  const res = await send();
  expect(await ProductModel.countDocuments()).toBe(before);
  return { status: res.status, message: errorOf(res.body) };
}

describe('create-product', () => {
  it('when an admin sends the form and a photo, then 201 with the product and its category', async () => {
    const fields = productForm(categoryId, { name: `Desk Lamp ${uniqueWord()}` });
    const res = await sendForm(asAdmin(), fields, { bytes: png }).expect(201);
    const { message, product } = productResponseSchema.parse(res.body);
    expect(message).toBe('Product Created Successfully');
    expect(product).toMatchObject({
      name: fields.name,
      slug: fields.name.toLowerCase().replaceAll(' ', '-'),
      description: fields.description,
      price: 24.5,
      quantity: 3,
      shipping: 1,
    });
    expect(product.category?._id).toBe(categoryId);
    expectNoPhotoBytes(res.body);
    // The raw document, as the database holds it: the photo's metadata, not its bytes.
    const stored = await ProductModel.collection.findOne({
      _id: new mongoose.Types.ObjectId(product._id),
    });
    expect(stored?.photo).toEqual({
      version: photoEtag(png),
      width: 4,
      height: 4,
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
  });

  it('when shipping is not sent, then the product does not ship', async () => {
    const res = await sendForm(asAdmin(), productForm(categoryId, { shipping: undefined }), {
      bytes: png,
    }).expect(201);
    expect(productResponseSchema.parse(res.body).product.shipping).toBe(0);
  });

  it.each([
    ['no token', 401],
    ['a forged token', 401],
    ['a normal user', 403],
  ] as const)('when the caller has %s, then %s and nothing is stored', async (label, status) => {
    const token = {
      'no token': undefined,
      'a forged token': forgedToken(),
      'a normal user': userToken,
    }[label];
    const result = await expectRefused(() =>
      sendForm(create(token), productForm(categoryId), { bytes: png }),
    );
    expect(result.status).toBe(status);
  });

  it('when the photo is missing, then 400 "Photo is required"', async () => {
    const result = await expectRefused(() => sendForm(asAdmin(), productForm(categoryId)));
    expect(result).toEqual({ status: 400, message: 'Photo is required' });
  });

  it.each([
    ['text', Buffer.from('just some text, honestly')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['an empty file', Buffer.alloc(0)],
  ])('when the photo is %s disguised as a .png image, then 400', async (_l, bytes) => {
    const result = await expectRefused(() =>
      sendForm(asAdmin(), productForm(categoryId), {
        bytes,
        filename: 'cute.png',
        contentType: 'image/png',
      }),
    );
    expect(result).toEqual({
      status: 400,
      message: 'Photo must be a JPEG, PNG, GIF or WebP image',
    });
  });

  it('when the file comes in another field than photo, then 400', async () => {
    const result = await expectRefused(() =>
      sendForm(asAdmin(), productForm(categoryId)).attach('image', png, 'a.png'),
    );
    expect(result.status).toBe(400);
  });

  it('when two photos are sent, then 400', async () => {
    const result = await expectRefused(() =>
      sendForm(asAdmin(), productForm(categoryId), { bytes: png }).attach('photo', png, 'b.png'),
    );
    expect(result.status).toBe(400);
  });

  it.each([
    ['no name', 'Name is required', { name: undefined }],
    ['a word as price', 'Price must be a number', { price: 'cheap' }],
    ['a negative quantity', 'Quantity must not be negative', { quantity: '-2' }],
    ['a bad category id', 'category: must be a valid id', { category: 'books' }],
    [
      'an unknown category',
      'Category does not exist',
      { category: new mongoose.Types.ObjectId().toString() },
    ],
    ['an odd shipping value', 'Shipping must be 0 or 1', { shipping: 'maybe' }],
    ['a name of symbols only', 'Name must contain at least one letter or digit', { name: '!?!' }],
  ])('when the form has %s, then 400 "%s"', async (_l, message, over) => {
    const result = await expectRefused(() =>
      sendForm(asAdmin(), productForm(categoryId, over), { bytes: png }),
    );
    expect(result).toEqual({ status: 400, message });
  });

  it('when a field is sent as an operator object (name[$gt]), then 400', async () => {
    const { name: _name, ...rest } = productForm(categoryId);
    const result = await expectRefused(() =>
      sendForm(asAdmin(), { ...rest, 'name[$gt]': '' }, { bytes: png }),
    );
    expect(result).toEqual({ status: 400, message: 'Name must be text' });
  });

  it('when a field is sent twice, then 400', async () => {
    const result = await expectRefused(() =>
      sendForm(asAdmin(), productForm(categoryId), { bytes: png }).field('price', '1'),
    );
    expect(result).toEqual({ status: 400, message: 'Price must be a number' });
  });

  it.each([
    [
      'cut off',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nLamp',
    ],
    ['without a boundary', 'multipart/form-data', 'garbage'],
  ])('when the multipart body is %s, then 400', async (_l, contentType, body) => {
    const result = await expectRefused(() => asAdmin().set('Content-Type', contentType).send(body));
    expect(result).toEqual({ status: 400, message: 'Malformed multipart body' });
  });

  it('when the body is JSON without a photo, then 400', async () => {
    const result = await expectRefused(() => asAdmin().send(productForm(categoryId)));
    expect(result).toEqual({ status: 400, message: 'Photo is required' });
  });

  it('when the same product is created three times at once, then one 201 and two 409', async () => {
    const fields = productForm(categoryId);
    const post = () => sendForm(asAdmin(), fields, { bytes: png });
    const statuses = (await Promise.all([post(), post(), post()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(await ProductModel.countDocuments({ name: fields.name })).toBe(1);
  });

  it.each([
    ['the same name', (name: string) => name],
    ['the same name in another case', (name: string) => name.toUpperCase()],
  ])('when a product with %s exists, then 409 and no second one', async (_l, variant) => {
    const existing = await makeProduct({ categoryId });
    const result = await expectRefused(() =>
      sendForm(asAdmin(), productForm(categoryId, { name: variant(existing.name) }), {
        bytes: png,
      }),
    );
    expect(result).toEqual({ status: 409, message: 'Product Already Exists' });
  });
});
