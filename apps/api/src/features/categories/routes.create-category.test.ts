import { categoryResponseSchema } from '@shop/contracts';
import { makeCategory, uniqueWord } from '../../test/catalogue.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { errorOf, notAdmins, withToken } from '../../test/harness.js';
import { countCategories, findCategory } from './repository.js';

const CREATE = '/api/v1/category/create-category';

describe('POST /api/v1/category/create-category', () => {
  test('when an admin sends a name, then 201 with the category and a slug from the name', async ({
    api,
    admin,
  }) => {
    const name = `Home & Garden ${uniqueWord()}`;
    const res = await api
      .post(CREATE)
      .set('Authorization', admin.token)
      .send({ name: `  ${name} ` })
      .expect(201);
    const { message, category } = categoryResponseSchema.parse(res.body);
    expect(message).toBe('New category created');
    expect(category.name).toBe(name);
    expect(category.slug).toMatch(/^home-and-garden-zq[0-9a-f]+$/);
    expect(await findCategory(category._id)).not.toBeNull();
  });

  test('when the token is sent as Bearer, then the admin is recognised', async ({ api, admin }) => {
    await api
      .post(CREATE)
      .set('Authorization', `Bearer ${admin.token}`)
      .send({ name: `Bearer ${uniqueWord()}` })
      .expect(201);
  });

  test.for([
    ['the same name', (n: string) => n],
    ['the same name in other case and punctuation', (n: string) => `${n.toUpperCase()}!`],
  ] as const)(
    'when a category with %s exists, then 409 and no second one',
    async ([, variant], { api, admin }) => {
      const existing = await makeCategory(`Books ${uniqueWord()}`);
      const res = await api
        .post(CREATE)
        .set('Authorization', admin.token)
        .send({ name: variant(existing.name) })
        .expect(409);
      expect(res.body).toEqual({
        success: false,
        message: 'Category Already Exists',
        errors: [{ field: 'name', message: 'Category Already Exists' }],
      });
      expect(await countCategories({ slug: existing.slug })).toBe(1);
    },
  );

  test('when two admins create the same name at once, then one 201, one 409 and one category', async ({
    api,
    admin,
  }) => {
    const name = `Race ${uniqueWord()}`;
    const post = () => api.post(CREATE).set('Authorization', admin.token).send({ name });
    const statuses = (await Promise.all([post(), post(), post()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(await countCategories({ name })).toBe(1);
  });

  test.for([
    ['an empty name', 'Name is required', { name: '' }],
    ['no name', 'Name is required', {}],
    ['an operator object as name', 'Name must be text', { name: { $gt: '' } }],
    ['a list as name', 'Name must be text', { name: ['a', 'b'] }],
    ['symbols only', 'Name must contain at least one letter or digit', { name: '!!!' }],
    ['a name too long', 'Name must be at most 60 characters', { name: 'x'.repeat(61) }],
  ] as const)(
    'when the body has %s, then 400 "%s" and nothing stored',
    async ([, message, body], { api, admin }) => {
      const before = await countCategories();
      const res = await api.post(CREATE).set('Authorization', admin.token).send(body).expect(400);
      expect(errorOf(res.body)).toBe(message);
      expect(await countCategories()).toBe(before);
    },
  );

  test('when the JSON is malformed, then 400 and nothing stored', async ({ api, admin }) => {
    const before = await countCategories();
    const res = await api
      .post(CREATE)
      .set('Authorization', admin.token)
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(errorOf(res.body)).toBe('Malformed JSON in request body');
    expect(await countCategories()).toBe(before);
  });

  test('when the caller is not an admin, then 401 or 403 and nothing stored', async ({
    api,
    user,
  }) => {
    const name = `Sneaky ${uniqueWord()}`;
    for (const [, token, status] of notAdmins(user)) {
      const res = await withToken(api.post(CREATE).send({ name }), token).expect(status);
      errorOf(res.body);
    }
    expect(await countCategories({ name })).toBe(0);
  });
});
