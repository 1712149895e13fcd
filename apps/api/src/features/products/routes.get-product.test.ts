import { allProductsResponseSchema } from '@shop/contracts';
import { expectNoPhotoBytes, fixtureIds, idsOf, makeProducts } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { countProducts } from './repository/reads.js';

const BASE = '/api/v1/product';

describe('GET /api/v1/product/get-product', () => {
  test('when products exist, then all are listed newest first with their category and no photo', async ({
    api,
  }) => {
    const { category, products } = await makeProducts(3);
    const res = await api.get(`${BASE}/get-product`).expect(200);
    const body = allProductsResponseSchema.parse(res.body);
    expect(body.countTotal).toBe(body.products.length);
    expect(body.total).toBe(await countProducts());
    expect(idsOf(body.products).slice(0, 3)).toEqual(fixtureIds(products).reverse());
    expect(body.products[0]?.category).toEqual({
      _id: category.id,
      name: category.name,
      slug: category.slug,
    });
    expectNoPhotoBytes(res.body);
  });
});
