import { productResponseSchema } from '@shop/contracts';
import { expectNoPhotoBytes, makeProducts, uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { errorOf } from '../../test/harness.js';

const BASE = '/api/v1/product';

describe('GET /api/v1/product/get-product/{slug}', () => {
  test('when the slug is known, then the product with its populated category and no photo', async ({
    api,
  }) => {
    const { category, products } = await makeProducts(1);
    const [product] = products;
    const res = await api.get(`${BASE}/get-product/${product?.slug}`).expect(200);
    const body = productResponseSchema.parse(res.body);
    expect(body.product).toMatchObject({ _id: product?.id, name: product?.name, shipping: 1 });
    expect(body.product.category?._id).toBe(category.id);
    expectNoPhotoBytes(res.body);
  });

  test('when the slug is unknown, then 404', async ({ api }) => {
    const res = await api.get(`${BASE}/get-product/no-such-${uniqueWord()}`).expect(404);
    expect(errorOf(res.body)).toBe('Product not found');
  });

  test('when the slug looks like an operator, then it is only a slug that matches nothing', async ({
    api,
  }) => {
    await makeProducts(1);
    const res = await api
      .get(`${BASE}/get-product/${encodeURIComponent('{"$ne":null}')}`)
      .expect(404);
    expect(errorOf(res.body)).toBe('Product not found');
  });
});
