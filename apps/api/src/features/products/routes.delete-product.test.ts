import { messageResponseSchema } from '@shop/contracts';
import { getPhoto } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, unknownId, withToken } from '../../test/harness.js';
import { findProduct } from './repository/reads.js';

const BASE = '/api/v1/product';
const remove = (api: Api, id: string, token: string | undefined) =>
  withToken(api.delete(`${BASE}/product/${id}`), token);

describe('DELETE /api/v1/product/product/{id}', () => {
  test('when an admin deletes a product, then it and its photo are gone', async ({
    api,
    admin,
    addProduct,
  }) => {
    const product = await addProduct();
    const res = await remove(api, product.id, admin.token).expect(200);
    expect(messageResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Product Deleted successfully',
    });
    await api.get(`${BASE}/get-product/${product.slug}`).expect(404);
    await getPhoto(api, product.id).expect(404);
  });

  test('when the id is unknown, then 404; when it is not an id, then 400', async ({
    api,
    admin,
  }) => {
    expect(errorOf((await remove(api, unknownId(), admin.token).expect(404)).body)).toBe(
      'Product not found',
    );
    expect(errorOf((await remove(api, 'nope', admin.token).expect(400)).body)).toMatch(/valid id/);
  });

  test('when the caller is not an admin, then 401 or 403 and the product stays', async ({
    api,
    user,
    addProduct,
  }) => {
    const product = await addProduct();
    for (const [, token, status] of notAdmins(user)) {
      await remove(api, product.id, token).expect(status);
    }
    expect(await findProduct(product.id)).not.toBeNull();
  });
});
