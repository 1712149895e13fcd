import { productCountResponseSchema } from '@shop/contracts';
import { makeProducts } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';

const BASE = '/api/v1/product';

describe('GET /api/v1/product/product-count', () => {
  test('when products are added, then the total grows by as many', async ({ api }) => {
    const before = productCountResponseSchema.parse(
      (await api.get(`${BASE}/product-count`).expect(200)).body,
    ).total;
    await makeProducts(2);
    const res = await api.get(`${BASE}/product-count`).expect(200);
    expect(productCountResponseSchema.parse(res.body)).toEqual({
      success: true,
      total: before + 2,
    });
  });
});
