import { pagedProductListResponseSchema, productListResponseSchema } from '@shop/contracts';
import { expectNoPhotoBytes, idsOf, makeProducts } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { errorOf, unknownId } from '../../test/harness.js';

const BASE = '/api/v1/product';

describe('GET /api/v1/product/related-product/{productId}/{categoryId}', () => {
  test('when a category has more products, then at most three others of it', async ({ api }) => {
    const { category, products } = await makeProducts(5);
    await makeProducts(2);
    const [shown] = products;
    const res = await api.get(`${BASE}/related-product/${shown?.id}/${category.id}`).expect(200);
    const { products: related, total } = pagedProductListResponseSchema.parse(res.body);
    expect(related).toHaveLength(3);
    expect(total).toBe(4);
    expect(idsOf(related)).not.toContain(shown?.id);
    expect(related.every((p) => p.category?._id === category.id)).toBe(true);
    expectNoPhotoBytes(res.body);
  });

  test('when the product is alone in its category, then an empty list', async ({ api }) => {
    const { category, products } = await makeProducts(1);
    const res = await api
      .get(`${BASE}/related-product/${products[0]?.id}/${category.id}`)
      .expect(200);
    expect(productListResponseSchema.parse(res.body).products).toEqual([]);
  });

  test('when an id is not an id, then 400', async ({ api }) => {
    const res = await api.get(`${BASE}/related-product/abc/${unknownId()}`).expect(400);
    expect(errorOf(res.body)).toMatch(/valid id/);
  });
});
