import { productResponseSchema } from '@shop/contracts';
import sharp from 'sharp';
import { getPhoto, imageBytes, makeShirt } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, unknownId, withToken } from '../../test/harness.js';
import { pixelDifference } from '../../test/photos.js';
import { photoFileIdsOf } from './photo-store.js';
import { findProduct } from './repository/reads.js';

const path = (id: string, variantId: string) =>
  `/api/v1/product/product-variants/${id}/${variantId}/photo`;
const upload = (
  api: Api,
  id: string,
  variantId: string,
  token: string | undefined,
  bytes?: Buffer,
) => {
  const req = withToken(api.put(path(id, variantId)), token);
  return bytes ? req.attach('photo', bytes, { filename: 'v.png', contentType: 'image/png' }) : req;
};
const remove = (api: Api, id: string, variantId: string, token: string | undefined) =>
  withToken(api.delete(path(id, variantId)), token);

describe('PUT and DELETE /api/v1/product/product-variants/{id}/{variantId}/photo', () => {
  test('when an admin gives a variant a photo, then it is served at the variant id and the product keeps its own; removed, the files go', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const white = shirt.variant('M', 'White');
    const bytes = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const res = await upload(api, shirt.id, white._id, admin.token, bytes).expect(200);
    const { product } = productResponseSchema.parse(res.body);
    const photo = product.variants.find((v) => v._id === white._id)?.photo;
    expect(photo).toMatchObject({ width: 40, height: 30 });
    expect(product.variants.filter((v) => v.photo !== null)).toHaveLength(1);

    const served = await getPhoto(api, white._id).expect(200);
    expect(await pixelDifference(served.body as Buffer, bytes)).toBe(0);
    expect(served.headers.etag).toBe(`"${photo?.version}"`);
    expect((await photoFileIdsOf(white._id)).length).toBeGreaterThan(0);

    const removed = await remove(api, shirt.id, white._id, admin.token).expect(200);
    const after = productResponseSchema.parse(removed.body).product;
    expect(after.variants.find((v) => v._id === white._id)?.photo).toBeNull();
    expect(await photoFileIdsOf(white._id)).toEqual([]);
    await getPhoto(api, white._id).expect(404);
  });

  test('when the photo is missing or no image, then 400 and nothing changes', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const white = shirt.variant('M', 'White');
    expect(errorOf((await upload(api, shirt.id, white._id, admin.token).expect(400)).body)).toBe(
      'Photo is required',
    );
    await upload(api, shirt.id, white._id, admin.token, Buffer.from('not an image')).expect(400);
    expect(await findProduct(shirt.id)).toEqual(shirt.product);
    expect(await photoFileIdsOf(white._id)).toEqual([]);
  });

  test('when the variant or product is unknown, then 404; a product without options, 400', async ({
    api,
    admin,
    addProduct,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const png = await imageBytes();
    expect(
      errorOf((await upload(api, shirt.id, unknownId(), admin.token, png).expect(404)).body),
    ).toBe('Variant not found');
    await upload(api, unknownId(), unknownId(), admin.token, png).expect(404);
    const plain = await addProduct();
    const res = await upload(api, plain.id, plain.id, admin.token, png).expect(400);
    expect(errorOf(res.body)).toBe(
      'A product without options shows its own photo: change it with update-product',
    );
    await remove(api, shirt.id, 'nope', admin.token).expect(400);
  });

  test('when the caller is not an admin, then 401 or 403 and nothing changes', async ({
    api,
    user,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const white = shirt.variant('M', 'White');
    for (const [, token, status] of notAdmins(user)) {
      await upload(api, shirt.id, white._id, token, await imageBytes()).expect(status);
      await remove(api, shirt.id, white._id, token).expect(status);
    }
    expect(await findProduct(shirt.id)).toEqual(shirt.product);
  });
});
