import { productResponseSchema } from '@shop/contracts';
import { getPhoto, makeShirt, productForm, sendForm } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { metadataOf, phonePhoto, uprightWithoutMetadata } from '../../test/photos.js';
import { photoEtag } from './photo.js';

const BASE = '/api/v1/product';

/** The original as the browser gets it: served upright and clean, its ETag the bytes' hash. */
async function expectServedClean(api: Api, id: string, format: 'jpeg' | 'png' | 'webp') {
  const res = await getPhoto(api, id).buffer(true).expect(200);
  const served = res.body as Buffer;
  expect(res.headers['content-type']).toBe(`image/${format}`);
  expect(await metadataOf(served)).toEqual(uprightWithoutMetadata(format));
  expect(res.headers.etag).toBe(`"${photoEtag(served)}"`);
}

describe('photos from a phone: stored without the camera, the place, or their sideways turn', () => {
  test.for(['jpeg', 'png', 'webp'] as const)(
    'when a %s with EXIF make, GPS and Orientation 6 is uploaded with create-product, then its original comes back upright without them',
    async (format, { api, upload }) => {
      const product = await upload({ bytes: await phonePhoto(format) });
      expect(product.photo).toMatchObject({ width: 40, height: 60 });
      await expectServedClean(api, product._id, format);
    },
  );

  test('when update-product sends a photo from a phone, then its original comes back upright without them', async ({
    api,
    admin,
    addProduct,
    category,
  }) => {
    // At the form's price: only the photo changes.
    const product = await addProduct({ price: 24.5 });
    const res = await sendForm(
      api.put(`${BASE}/update-product/${product.id}`).set('Authorization', admin.token),
      productForm(category.id, { name: product.name }),
      { bytes: await phonePhoto('jpeg', '#cc6633'), filename: 'IMG_0001.JPG' },
    ).expect(200);
    expect(productResponseSchema.parse(res.body).product.photo).toMatchObject({
      width: 40,
      height: 60,
    });
    await expectServedClean(api, product.id, 'jpeg');
  });

  test('when a variant is given a photo from a phone, then its original comes back upright without them', async ({
    api,
    admin,
    category,
  }) => {
    const shirt = await makeShirt(category.id);
    const white = shirt.variant('M', 'White');
    const res = await api
      .put(`${BASE}/product-variants/${shirt.id}/${white._id}/photo`)
      .set('Authorization', admin.token)
      .attach('photo', await phonePhoto('jpeg', '#eeeeee'), {
        filename: 'IMG_0002.JPG',
        contentType: 'image/jpeg',
      })
      .expect(200);
    const { product } = productResponseSchema.parse(res.body);
    expect(product.variants.find((v) => v._id === white._id)?.photo).toMatchObject({
      width: 40,
      height: 60,
    });
    await expectServedClean(api, white._id, 'jpeg');
  });
});
