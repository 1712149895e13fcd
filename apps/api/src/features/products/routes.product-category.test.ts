import { productCategoryResponseSchema } from '@shop/contracts';
import {
  expectNoPhotoBytes,
  fixtureIds,
  idsOf,
  makeProducts,
  uniqueWord,
} from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { errorOf } from '../../test/harness.js';

const BASE = '/api/v1/product';

describe('GET /api/v1/product/product-category/{slug}', () => {
  test('when the slug is known, then the category and only its products', async ({ api }) => {
    const { category, products } = await makeProducts(2);
    await makeProducts(1);
    const res = await api.get(`${BASE}/product-category/${category.slug}`).expect(200);
    const body = productCategoryResponseSchema.parse(res.body);
    expect(body.category).toEqual({ _id: category.id, name: category.name, slug: category.slug });
    expect(idsOf(body.products)).toEqual(fixtureIds(products).reverse());
    expect(body.total).toBe(2);
    expectNoPhotoBytes(res.body);
  });

  test('when the slug is unknown, then 404', async ({ api }) => {
    const res = await api.get(`${BASE}/product-category/none-${uniqueWord()}`).expect(404);
    expect(errorOf(res.body)).toBe('Category not found');
  });
});
