import {
  categoryListResponseSchema,
  categoryResponseSchema,
  errorResponseSchema,
  messageResponseSchema,
} from '@shop/contracts';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCategory, makeProduct, uniqueWord } from '../../test/catalog.js';
import { createAdmin, createUser, forgedToken, startTestApp } from '../../test/harness.js';
import { CategoryModel } from './model.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let adminToken: string;
let userToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await createAdmin()).token;
  userToken = (await createUser()).token;
});
afterAll(() => t.close());

const BASE = '/api/v1/category';
const unknownId = () => new mongoose.Types.ObjectId().toString();
const errorOf = (body: unknown) => errorResponseSchema.parse(body).message;

/** The ways a caller without the admin role is turned away, and the status each gets. */
const notAdmins = () =>
  [
    ['no token', undefined, 401],
    ['a forged token', forgedToken(), 401],
    ['a normal user', userToken, 403],
  ] as const;

describe('get-category', () => {
  it('when categories exist, then all are listed sorted by name whatever their case', async () => {
    const word = uniqueWord();
    await makeCategory(`${word} cherry`);
    await makeCategory(`${word} Apple`);
    await makeCategory(`${word} banana`);
    const res = await t.http().get(`${BASE}/get-category`).expect(200);
    const { success, category } = categoryListResponseSchema.parse(res.body);
    expect(success).toBe(true);
    const mine = category.filter((c) => c.name.startsWith(word)).map((c) => c.name);
    expect(mine).toEqual([`${word} Apple`, `${word} banana`, `${word} cherry`]);
    const names = category.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });
});

describe('create-category', () => {
  it('when an admin sends a name, then 201 with the category and a slug from the name', async () => {
    const name = `Home & Garden ${uniqueWord()}`;
    const res = await t
      .http()
      .post(`${BASE}/create-category`)
      .set('Authorization', adminToken)
      .send({ name: `  ${name} ` })
      .expect(201);
    const { message, category } = categoryResponseSchema.parse(res.body);
    expect(message).toBe('New category created');
    expect(category.name).toBe(name);
    expect(category.slug).toMatch(/^home-and-garden-zq[0-9a-f]+$/);
    expect(await CategoryModel.exists({ _id: category._id })).toBeTruthy();
  });

  it('when the token is sent as Bearer, then the admin is recognised', async () => {
    await t
      .http()
      .post(`${BASE}/create-category`)
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ name: `Bearer ${uniqueWord()}` })
      .expect(201);
  });

  it.each([
    ['the same name', (n: string) => n],
    ['the same name in other case and punctuation', (n: string) => `${n.toUpperCase()}!`],
  ])('when a category with %s exists, then 409 and no second one', async (_l, variant) => {
    const existing = await makeCategory(`Books ${uniqueWord()}`);
    const res = await t
      .http()
      .post(`${BASE}/create-category`)
      .set('Authorization', adminToken)
      .send({ name: variant(existing.name) })
      .expect(409);
    expect(res.body).toEqual({ success: false, message: 'Category Already Exists' });
    expect(await CategoryModel.countDocuments({ slug: existing.slug })).toBe(1);
  });

  it('when two admins create the same name at once, then one 201, one 409 and one category', async () => {
    const name = `Race ${uniqueWord()}`;
    const post = () =>
      t.http().post(`${BASE}/create-category`).set('Authorization', adminToken).send({ name });
    const statuses = (await Promise.all([post(), post(), post()])).map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409]);
    expect(await CategoryModel.countDocuments({ name })).toBe(1);
  });

  it.each([
    ['an empty name', 'Name is required', { name: '' }],
    ['no name', 'Name is required', {}],
    ['an operator object as name', 'Name must be text', { name: { $gt: '' } }],
    ['a list as name', 'Name must be text', { name: ['a', 'b'] }],
    ['symbols only', 'Name must contain at least one letter or digit', { name: '!!!' }],
    ['a name too long', 'Name must be at most 60 characters', { name: 'x'.repeat(61) }],
  ])('when the body has %s, then 400 "%s" and nothing stored', async (_l, message, body) => {
    const before = await CategoryModel.countDocuments();
    const res = await t
      .http()
      .post(`${BASE}/create-category`)
      .set('Authorization', adminToken)
      .send(body)
      .expect(400);
    expect(errorOf(res.body)).toBe(message);
    expect(await CategoryModel.countDocuments()).toBe(before);
  });

  it('when the JSON is malformed, then 400 and nothing stored', async () => {
    const before = await CategoryModel.countDocuments();
    const res = await t
      .http()
      .post(`${BASE}/create-category`)
      .set('Authorization', adminToken)
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(errorOf(res.body)).toBe('Malformed JSON in request body');
    expect(await CategoryModel.countDocuments()).toBe(before);
  });

  it('when the caller is not an admin, then 401 or 403 and nothing stored', async () => {
    const name = `Sneaky ${uniqueWord()}`;
    for (const [, token, status] of notAdmins()) {
      const req = t.http().post(`${BASE}/create-category`).send({ name });
      if (token) req.set('Authorization', token);
      const res = await req.expect(status);
      errorOf(res.body);
    }
    expect(await CategoryModel.exists({ name })).toBeNull();
  });
});

describe('update-category', () => {
  it('when an admin renames a category, then the name and slug follow', async () => {
    const category = await makeCategory();
    const name = `Renamed ${uniqueWord()}`;
    const res = await t
      .http()
      .put(`${BASE}/update-category/${category.id}`)
      .set('Authorization', adminToken)
      .send({ name })
      .expect(200);
    const parsed = categoryResponseSchema.parse(res.body);
    expect(parsed.message).toBe('Category Updated Successfully');
    expect(parsed.category).toEqual({
      _id: category.id,
      name,
      slug: name.toLowerCase().replace(' ', '-'),
    });
  });

  it('when the name stays the same, then the update succeeds', async () => {
    const category = await makeCategory();
    await t
      .http()
      .put(`${BASE}/update-category/${category.id}`)
      .set('Authorization', adminToken)
      .send({ name: category.name })
      .expect(200);
  });

  it('when the new name belongs to another category, then 409 and nothing changes', async () => {
    const taken = await makeCategory();
    const category = await makeCategory();
    const res = await t
      .http()
      .put(`${BASE}/update-category/${category.id}`)
      .set('Authorization', adminToken)
      .send({ name: taken.name.toLowerCase() })
      .expect(409);
    expect(errorOf(res.body)).toBe('Category Already Exists');
    expect((await CategoryModel.findById(category.id).lean())?.name).toBe(category.name);
  });

  it('when the id is unknown, then 404; when it is not an id, then 400', async () => {
    const put = (id: string) =>
      t.http().put(`${BASE}/update-category/${id}`).set('Authorization', adminToken);
    const missing = await put(unknownId()).send({ name: 'Ghost' }).expect(404);
    expect(errorOf(missing.body)).toBe('Category not found');
    const bad = await put('not-an-id').send({ name: 'Ghost' }).expect(400);
    expect(errorOf(bad.body)).toMatch(/valid id/);
    expect(await CategoryModel.exists({ name: 'Ghost' })).toBeNull();
  });

  it('when the name is an operator object, then 400 and nothing changes', async () => {
    const category = await makeCategory();
    await t
      .http()
      .put(`${BASE}/update-category/${category.id}`)
      .set('Authorization', adminToken)
      .send({ name: { $set: 'x' } })
      .expect(400);
    expect((await CategoryModel.findById(category.id).lean())?.name).toBe(category.name);
  });

  it('when the caller is not an admin, then 401 or 403 and nothing changes', async () => {
    const category = await makeCategory();
    for (const [, token, status] of notAdmins()) {
      const req = t.http().put(`${BASE}/update-category/${category.id}`).send({ name: 'Hijacked' });
      if (token) req.set('Authorization', token);
      await req.expect(status);
    }
    expect((await CategoryModel.findById(category.id).lean())?.name).toBe(category.name);
  });
});

describe('delete-category', () => {
  it('when an admin deletes an unused category, then it is gone', async () => {
    const category = await makeCategory();
    const res = await t
      .http()
      .delete(`${BASE}/delete-category/${category.id}`)
      .set('Authorization', adminToken)
      .expect(200);
    expect(messageResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Category Deleted Successfully',
    });
    expect(await CategoryModel.exists({ _id: category.id })).toBeNull();
  });

  it('when products still use the category, then 409 and it stays', async () => {
    const category = await makeCategory();
    await makeProduct({ categoryId: category.id });
    await makeProduct({ categoryId: category.id });
    const res = await t
      .http()
      .delete(`${BASE}/delete-category/${category.id}`)
      .set('Authorization', adminToken)
      .expect(409);
    expect(errorOf(res.body)).toBe(
      'Category still has 2 products; delete them or move them to another category first',
    );
    expect(await CategoryModel.exists({ _id: category.id })).toBeTruthy();
  });

  it('when the id is unknown, then 404; when it is not an id, then 400', async () => {
    const del = (id: string) =>
      t.http().delete(`${BASE}/delete-category/${id}`).set('Authorization', adminToken);
    expect(errorOf((await del(unknownId()).expect(404)).body)).toBe('Category not found');
    expect(errorOf((await del('{"$gt":""}').expect(400)).body)).toMatch(/valid id/);
  });

  it('when the caller is not an admin, then 401 or 403 and the category stays', async () => {
    const category = await makeCategory();
    for (const [, token, status] of notAdmins()) {
      const req = t.http().delete(`${BASE}/delete-category/${category.id}`);
      if (token) req.set('Authorization', token);
      await req.expect(status);
    }
    expect(await CategoryModel.exists({ _id: category.id })).toBeTruthy();
  });
});
