import {
  allUsersResponseSchema,
  authCheckResponseSchema,
  errorResponseSchema,
  loginResponseSchema,
  profileUpdateResponseSchema,
  registerResponseSchema,
} from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser, forgedToken, startTestApp } from '../../test/harness.js';
import { UserModel } from './model.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Asha',
  email: `asha-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'secret123',
  phone: '555-0101',
  address: '1 Main Street',
  ...over,
});

describe('register', () => {
  it('when the form is complete, then the user is created as a normal user without the hash', async () => {
    const body = newUser();
    const res = await t.http().post('/api/v1/auth/register').send(body).expect(201);
    const parsed = registerResponseSchema.parse(res.body);
    expect(parsed.success).toBe(true);
    expect(parsed.user?.role).toBe(0);
    expect(JSON.stringify(res.body)).not.toContain('password');
    const stored = await UserModel.findOne({ email: body.email }).select('+password').lean();
    expect(stored?.password).toMatch(/^\$2[aby]\$/);
  });

  it('when the body tries to set role 1, then the user is still a normal user', async () => {
    const body = newUser({ role: 1 });
    await t.http().post('/api/v1/auth/register').send(body).expect(201);
    const stored = await UserModel.findOne({ email: body.email }).lean();
    expect(stored?.role).toBe(0);
  });

  it('when the e-mail is taken, then 409 and no second user', async () => {
    const body = newUser();
    await t.http().post('/api/v1/auth/register').send(body).expect(201);
    const res = await t.http().post('/api/v1/auth/register').send(body).expect(409);
    expect(errorResponseSchema.parse(res.body).message).toMatch(/Already registered/);
    expect(await UserModel.countDocuments({ email: body.email })).toBe(1);
  });

  it.each([
    ['a missing name', { name: undefined }, /Name is required/],
    ['an operator object as email', { email: { $gt: '' } }, /Email/],
    ['a bad e-mail', { email: 'not-an-email' }, /e-mail/],
    ['a short password', { password: '123' }, /at least 6/],
    ['a number as phone', { phone: 5550101 }, /Phone/],
  ])('when the form has %s, then 400 with a message and nothing stored', async (_l, over, msg) => {
    const before = await UserModel.countDocuments();
    const res = await t.http().post('/api/v1/auth/register').send(newUser(over)).expect(400);
    expect(errorResponseSchema.parse(res.body).message).toMatch(msg);
    expect(await UserModel.countDocuments()).toBe(before);
  });

  it('when the JSON is malformed, then 400 without a stack trace', async () => {
    const res = await t
      .http()
      .post('/api/v1/auth/register')
      .set('Content-Type', 'application/json')
      .send('{"name": "x",')
      .expect(400);
    expect(res.body).toEqual({ success: false, message: 'Malformed JSON in request body' });
  });
});

describe('login', () => {
  it('when the credentials are right, then a session with user and token', async () => {
    const body = newUser();
    await t.http().post('/api/v1/auth/register').send(body).expect(201);
    const res = await t
      .http()
      .post('/api/v1/auth/login')
      .send({ email: body.email.toUpperCase(), password: body.password })
      .expect(200);
    const session = loginResponseSchema.parse(res.body);
    expect(session.user).toMatchObject({ name: 'Asha', email: body.email, role: 0 });
    const check = await t.http().get('/api/v1/auth/user-auth').set('Authorization', session.token);
    expect(authCheckResponseSchema.parse(check.body)).toEqual({ ok: true });
  });

  it('when the password is wrong, then 401 and no token', async () => {
    const user = await createUser();
    const res = await t
      .http()
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: 'wrong-password' })
      .expect(401);
    expect(res.body).toEqual({ success: false, message: 'Invalid email or password' });
  });

  it('when the password is an operator object, then 400', async () => {
    const user = await createUser();
    const res = await t
      .http()
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: { $gt: '' } })
      .expect(400);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });
});

describe('user-auth and admin-auth', () => {
  it('when the token is sent as Bearer, then ok', async () => {
    const user = await createUser();
    const res = await t
      .http()
      .get('/api/v1/auth/user-auth')
      .set('Authorization', `Bearer ${user.token}`)
      .expect(200);
    expect(res.body).toEqual({ ok: true });
  });

  it.each([
    ['no token', undefined],
    ['a forged token', forgedToken()],
    ['garbage', 'Bearer abc.def'],
  ])('when there is %s, then 401', async (_l, token) => {
    const req = t.http().get('/api/v1/auth/user-auth');
    if (token) req.set('Authorization', token);
    const res = await req.expect(401);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });

  it('when the token belongs to a deleted user, then 401', async () => {
    const user = await createUser();
    await UserModel.deleteOne({ _id: user.id });
    await t.http().get('/api/v1/auth/user-auth').set('Authorization', user.token).expect(401);
  });

  it('when a normal user asks admin-auth, then 403; an admin gets ok', async () => {
    const user = await createUser();
    const admin = await createAdmin();
    await t.http().get('/api/v1/auth/admin-auth').set('Authorization', user.token).expect(403);
    const res = await t.http().get('/api/v1/auth/admin-auth').set('Authorization', admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });
});

describe('profile', () => {
  it('when name, phone, address and password change, then updatedUser reflects them and email and role do not change', async () => {
    const user = await createUser();
    const res = await t
      .http()
      .put('/api/v1/auth/profile')
      .set('Authorization', user.token)
      .send({
        name: 'New Name',
        email: 'other@example.com',
        password: 'newsecret',
        phone: '555-0199',
        address: '9 New Road',
        role: 1,
      })
      .expect(200);
    const { updatedUser } = profileUpdateResponseSchema.parse(res.body);
    expect(updatedUser).toMatchObject({
      name: 'New Name',
      email: user.email,
      phone: '555-0199',
      address: '9 New Road',
      role: 0,
    });
    await t
      .http()
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: 'newsecret' })
      .expect(200);
  });

  it('when the password is too short, then 400 with the reason in error and message', async () => {
    const user = await createUser();
    const res = await t
      .http()
      .put('/api/v1/auth/profile')
      .set('Authorization', user.token)
      .send({ password: '123' })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, error: expect.stringMatching(/at least 6/) });
    expect(res.body.message).toBe(res.body.error);
  });

  it('when nobody is signed in, then 401', async () => {
    await t.http().put('/api/v1/auth/profile').send({ name: 'x' }).expect(401);
  });
});

describe('all-users', () => {
  it('when an admin asks, then every user without a password hash', async () => {
    const admin = await createAdmin();
    const res = await t.http().get('/api/v1/auth/all-users').set('Authorization', admin.token);
    expect(res.status).toBe(200);
    const { users } = allUsersResponseSchema.parse(res.body);
    expect(users.some((u) => u._id === admin.id && u.role === 1)).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/password|\$2b\$/);
  });

  it('when a normal user asks, then 403', async () => {
    const user = await createUser();
    await t.http().get('/api/v1/auth/all-users').set('Authorization', user.token).expect(403);
  });
});

describe('unknown api path', () => {
  it('when the path is unknown, then 404 in the error shape', async () => {
    const res = await t.http().get('/api/v1/nope').expect(404);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });
});
