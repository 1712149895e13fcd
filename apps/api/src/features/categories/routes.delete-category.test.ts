import { messageResponseSchema } from '@shop/contracts';
import { describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, unknownId, withToken } from '../../test/harness.js';
import { findCategory } from './repository.js';

const DELETE = '/api/v1/category/delete-category';

describe('DELETE /api/v1/category/delete-category/{id}', () => {
  test('when an admin deletes an unused category, then it is gone', async ({
    api,
    admin,
    category,
  }) => {
    const res = await api
      .delete(`${DELETE}/${category.id}`)
      .set('Authorization', admin.token)
      .expect(200);
    expect(messageResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Category Deleted Successfully',
    });
    expect(await findCategory(category.id)).toBeNull();
  });

  test('when products still use the category, then 409 and it stays', async ({
    api,
    admin,
    category,
    addProduct,
  }) => {
    await addProduct();
    await addProduct();
    const res = await api
      .delete(`${DELETE}/${category.id}`)
      .set('Authorization', admin.token)
      .expect(409);
    expect(errorOf(res.body)).toBe(
      'Category still has 2 products; delete them or move them to another category first',
    );
    expect(await findCategory(category.id)).not.toBeNull();
  });

  test('when the id is unknown, then 404; when it is not an id, then 400', async ({
    api,
    admin,
  }) => {
    const del = (id: string) => api.delete(`${DELETE}/${id}`).set('Authorization', admin.token);
    expect(errorOf((await del(unknownId()).expect(404)).body)).toBe('Category not found');
    expect(errorOf((await del('{"$gt":""}').expect(400)).body)).toMatch(/valid id/);
  });

  test('when the caller is not an admin, then 401 or 403 and the category stays', async ({
    api,
    user,
    category,
  }) => {
    for (const [, token, status] of notAdmins(user)) {
      await withToken(api.delete(`${DELETE}/${category.id}`), token).expect(status);
    }
    expect(await findCategory(category.id)).not.toBeNull();
  });
});
