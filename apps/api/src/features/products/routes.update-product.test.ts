import { errorResponseSchema, productResponseSchema } from '@shop/contracts';
import { getPhoto, imageBytes, makeCategory, productForm, sendForm } from '../../test/catalogue.js';
import { stockOf } from '../../test/checkout.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, unknownId, withToken } from '../../test/harness.js';
import { inStoreCurrency } from '../../test/money.js';
import { pixelDifference } from '../../test/photos.js';
import { findProduct } from './repository/reads.js';
import { takeStock } from './repository/stock.js';

const BASE = '/api/v1/product';
/** The product form as the editor sends it: a price change comes with its reason. */
const editForm = (categoryId: string, over: Record<string, string | undefined> = {}) =>
  productForm(categoryId, { reason: 'Priced again', ...over });
const update = (api: Api, id: string, token: string | undefined) =>
  withToken(api.put(`${BASE}/update-product/${id}`), token);
const stored = (id: string) => findProduct(id);
/** What a checkout does to the stock: one unit out. */
const sellOne = (productId: string) => takeStock([{ productId, name: 'Sold', quantity: 1 }]);
/** The admin's product form sent back with some fields changed. */
const edit = (
  api: Api,
  token: string,
  categoryId: string,
  productId: string,
  fields: Record<string, string>,
) => sendForm(update(api, productId, token), editForm(categoryId, fields));

describe('PUT /api/v1/product/update-product/{id}', () => {
  test('when an admin changes every field but the photo, then they change and the photo stays', async ({
    api,
    admin,
    addProduct,
  }) => {
    const original = await addProduct();
    const otherCategory = await makeCategory();
    const fields = editForm(otherCategory.id, { name: 'Brand New Name', price: '99.5' });
    const res = await sendForm(update(api, original.id, admin.token), fields).expect(200);
    const { message, product } = productResponseSchema.parse(res.body);
    expect(message).toBe('Product Updated Successfully');
    expect(product).toMatchObject({
      _id: original.id,
      name: 'Brand New Name',
      slug: 'brand-new-name',
      price: 99.5,
      category: { _id: otherCategory.id, name: otherCategory.name, slug: otherCategory.slug },
    });
    const photo = await getPhoto(api, original.id).expect(200);
    expect(photo.headers.etag).toBe(`"${original.photoMeta.version}"`);
    expect(await pixelDifference(photo.body as Buffer, original.photo)).toBe(0);
  });

  test('when shipping is not sent, then it keeps its value', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const original = await addProduct();
    const res = await sendForm(
      update(api, original.id, admin.token),
      editForm(category.id, { shipping: undefined }),
    ).expect(200);
    expect(productResponseSchema.parse(res.body).product.shipping).toBe(1);
  });

  test('when a new photo is sent, then its pixels and sniffed type replace the old ones', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const original = await addProduct();
    const jpeg = await imageBytes('jpeg', '#00f');
    await sendForm(update(api, original.id, admin.token), editForm(category.id), {
      bytes: jpeg,
      filename: 'new.png',
      contentType: 'image/png',
    }).expect(200);
    const photo = await getPhoto(api, original.id).expect(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers.etag).not.toBe(`"${original.photoMeta.version}"`);
    expect(await pixelDifference(photo.body as Buffer, jpeg)).toBeLessThanOrEqual(4);
  });

  test('when the product keeps its own name, then the update succeeds', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const original = await addProduct();
    await sendForm(
      update(api, original.id, admin.token),
      editForm(category.id, { name: original.name }),
    ).expect(200);
  });

  test('when the name belongs to another product, then 409 and nothing changes', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const taken = await addProduct();
    const original = await addProduct();
    const res = await sendForm(
      update(api, original.id, admin.token),
      editForm(category.id, { name: taken.name.toLowerCase(), price: '1' }),
    ).expect(409);
    expect(errorOf(res.body)).toBe('Product Already Exists');
    expect((await stored(original.id))?.name).toBe(original.name);
  });

  test.for([
    ['a non-image photo', 'Photo must be a JPEG, PNG, GIF or WebP image', Buffer.from('GIF8')],
    ['an unknown category', 'Category does not exist', undefined],
  ] as const)(
    'when the form has %s, then 400 "%s" and nothing changes',
    async ([label, message, bytes], { api, admin, category, addProduct }) => {
      const original = await addProduct();
      const categoryId = label === 'an unknown category' ? unknownId() : category.id;
      const res = await sendForm(
        update(api, original.id, admin.token),
        editForm(categoryId, { name: 'Should Not Stick' }),
        bytes ? { bytes } : undefined,
      ).expect(400);
      expect(errorOf(res.body)).toBe(message);
      expect((await stored(original.id))?.name).toBe(original.name);
    },
  );

  test('when a field is an operator object, then 400 and nothing changes', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const original = await addProduct();
    const { price: _price, ...rest } = editForm(category.id);
    await sendForm(update(api, original.id, admin.token), { ...rest, 'price[$inc]': '5' }).expect(
      400,
    );
    expect((await stored(original.id))?.price).toBe(await inStoreCurrency(25));
  });

  test('when the id is unknown, then 404; when it is not an id, then 400', async ({
    api,
    admin,
    category,
  }) => {
    const missing = await sendForm(update(api, unknownId(), admin.token), editForm(category.id));
    expect(missing.status).toBe(404);
    expect(errorOf(missing.body)).toBe('Product not found');
    const bad = await sendForm(update(api, '123', admin.token), editForm(category.id)).expect(400);
    expect(errorOf(bad.body)).toMatch(/valid id/);
  });

  test('when the caller is not an admin, then 401 or 403 and nothing changes', async ({
    api,
    user,
    category,
    addProduct,
  }) => {
    const original = await addProduct();
    for (const [, token, status] of notAdmins(user)) {
      await sendForm(
        update(api, original.id, token),
        editForm(category.id, { name: 'Hijack' }),
      ).expect(status);
    }
    expect((await stored(original.id))?.name).toBe(original.name);
  });
});

describe('PUT /api/v1/product/update-product/{id}, while a checkout sells the product', () => {
  test('when the stock is as the form loaded it, then the edit sets the new count', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const product = await addProduct({ quantity: 5 });
    const res = await edit(api, admin.token, category.id, product.id, {
      previousQuantity: '5',
      quantity: '9',
    }).expect(200);
    expect(productResponseSchema.parse(res.body).product.quantity).toBe(9);
    expect(await stockOf(product.id)).toBe(9);
  });

  test('when a checkout sold units after the form loaded, then 409 and the sold units stay sold', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const product = await addProduct({ quantity: 5 });
    await sellOne(product.id);
    const res = await edit(api, admin.token, category.id, product.id, {
      previousQuantity: '5',
      quantity: '5',
      name: 'Renamed',
    }).expect(409);
    expect(errorResponseSchema.parse(res.body).message).toBe(
      'Stock changed while you were editing (4 left now); reload the product and try again',
    );
    expect(await stored(product.id)).toMatchObject({ quantity: 4, name: product.name });
  });

  test('when checkouts sell units while the edit is saved, then either the edit came first and they sold from its stock, or it is refused: no sold unit is written back', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const product = await addProduct({ quantity: 5 });
    const [edited] = await Promise.all([
      edit(api, admin.token, category.id, product.id, { previousQuantity: '5', quantity: '10' }),
      sellOne(product.id),
      sellOne(product.id),
      sellOne(product.id),
    ]);
    expect([200, 409]).toContain(edited.status);
    expect(await stockOf(product.id)).toBe(edited.status === 200 ? 7 : 2);
  });

  test('when the previous stock is not a whole number, then 400 and nothing changes', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    const product = await addProduct({ quantity: 5 });
    await edit(api, admin.token, category.id, product.id, {
      previousQuantity: 'five',
      quantity: '7',
    }).expect(400);
    expect(await stockOf(product.id)).toBe(5);
  });
});
