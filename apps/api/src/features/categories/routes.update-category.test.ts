import { categoryResponseSchema } from '@shop/contracts';
import { makeCategory, uniqueWord } from '../../test/catalogue.js';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, unknownId, withToken } from '../../test/harness.js';
import { countCategories, findCategory } from './repository.js';

const UPDATE = '/api/v1/category/update-category';
const rename = (api: Api, token: string, id: string, body: object) =>
  api.put(`${UPDATE}/${id}`).set('Authorization', token).send(body);
const nameOf = async (id: string) => (await findCategory(id))?.name;

describe('PUT /api/v1/category/update-category/{id}', () => {
  test('when an admin renames a category, then the name and slug follow', async ({
    api,
    admin,
    category,
  }) => {
    const name = `Renamed ${uniqueWord()}`;
    const res = await rename(api, admin.token, category.id, { name }).expect(200);
    const parsed = categoryResponseSchema.parse(res.body);
    expect(parsed.message).toBe('Category Updated Successfully');
    expect(parsed.category).toEqual({
      _id: category.id,
      name,
      slug: name.toLowerCase().replace(' ', '-'),
    });
  });

  test('when the name stays the same, then the update succeeds', async ({
    api,
    admin,
    category,
  }) => {
    await rename(api, admin.token, category.id, { name: category.name }).expect(200);
  });

  test('when the new name belongs to another category, then 409 and nothing changes', async ({
    api,
    admin,
    category,
  }) => {
    const taken = await makeCategory();
    const res = await rename(api, admin.token, category.id, {
      name: taken.name.toLowerCase(),
    }).expect(409);
    expect(errorOf(res.body)).toBe('Category Already Exists');
    expect(await nameOf(category.id)).toBe(category.name);
  });

  test('when the id is unknown, then 404; when it is not an id, then 400', async ({
    api,
    admin,
  }) => {
    const missing = await rename(api, admin.token, unknownId(), { name: 'Ghost' }).expect(404);
    expect(errorOf(missing.body)).toBe('Category not found');
    const bad = await rename(api, admin.token, 'not-an-id', { name: 'Ghost' }).expect(400);
    expect(errorOf(bad.body)).toMatch(/valid id/);
    expect(await countCategories({ name: 'Ghost' })).toBe(0);
  });

  test('when the name is an operator object, then 400 and nothing changes', async ({
    api,
    admin,
    category,
  }) => {
    await rename(api, admin.token, category.id, { name: { $set: 'x' } }).expect(400);
    expect(await nameOf(category.id)).toBe(category.name);
  });

  test('when the caller is not an admin, then 401 or 403 and nothing changes', async ({
    api,
    user,
    category,
  }) => {
    for (const [, token, status] of notAdmins(user)) {
      const req = api.put(`${UPDATE}/${category.id}`).send({ name: 'Hijacked' });
      await withToken(req, token).expect(status);
    }
    expect(await nameOf(category.id)).toBe(category.name);
  });
});
