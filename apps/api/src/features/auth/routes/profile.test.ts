import { errorResponseSchema, profileUpdateResponseSchema } from '@shop/contracts';
import { type Api, describe, expect, test } from '../../../test/fixtures.js';
import { createUser } from '../../../test/harness.js';

// Low enough for one test to reach it; every other test updates a fresh user once or twice.
test.override('appEnv', { scope: 'file' }, { PROFILE_RATE_LIMIT: '3' });

const PROFILE = '/api/v1/auth/profile';
const updateProfile = (api: Api, authorization: string, body: object) =>
  api.put(PROFILE).set('Authorization', authorization).send(body);

describe('PUT /api/v1/auth/profile', () => {
  test('when name, phone, address and password change, then updatedUser reflects them and email and role do not change', async ({
    api,
    user,
  }) => {
    const res = await updateProfile(api, user.token, {
      name: 'New Name',
      email: 'other@example.com',
      password: 'newsecret',
      phone: '555-0199',
      address: '9 New Road',
      role: 1,
    }).expect(200);
    const { updatedUser } = profileUpdateResponseSchema.parse(res.body);
    expect(updatedUser).toMatchObject({
      name: 'New Name',
      email: user.email,
      phone: '555-0199',
      address: '9 New Road',
      role: 0,
    });
    await api
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: 'newsecret' })
      .expect(200);
  });

  test('when the password is too short, then 400 with the reason in error and message', async ({
    api,
    user,
  }) => {
    const res = await updateProfile(api, user.token, { password: '123' }).expect(400);
    expect(res.body).toMatchObject({ success: false, error: expect.stringMatching(/at least 6/) });
    expect(res.body.message).toBe(res.body.error);
  });

  test('when nobody is signed in, then 401', async ({ api }) => {
    await api.put(PROFILE).send({ name: 'x' }).expect(401);
  });
});

describe('PUT /api/v1/auth/profile, the sessions of a password change', () => {
  test('when the password changes, then every older token is refused and the new token works', async ({
    api,
    user,
  }) => {
    const userAuth = (token: string) =>
      api.get('/api/v1/auth/user-auth').set('Authorization', `Bearer ${token}`);
    const login = (password: string) =>
      api.post('/api/v1/auth/login').send({ email: user.email, password });
    const otherDevice = (await login(user.password).expect(200)).body.token as string;

    const res = await updateProfile(api, `Bearer ${user.token}`, {
      password: 'brand-new-1',
    }).expect(200);

    const { token } = profileUpdateResponseSchema.parse(res.body);
    for (const old of [user.token, otherDevice]) {
      const refused = await userAuth(old).expect(401);
      expect(errorResponseSchema.parse(refused.body).message).toBe(
        'Unauthorized: invalid or expired token',
      );
    }
    await userAuth(token as string).expect(200);
    const again = (await login('brand-new-1').expect(200)).body.token as string;
    await userAuth(again).expect(200);
  });

  test('when only the name changes, then the token keeps working and no new one is given', async ({
    api,
    user,
  }) => {
    const res = await updateProfile(api, `Bearer ${user.token}`, { name: 'Renamed' }).expect(200);
    expect(profileUpdateResponseSchema.parse(res.body).token).toBeUndefined();
    await api
      .get('/api/v1/auth/user-auth')
      .set('Authorization', `Bearer ${user.token}`)
      .expect(200);
  });
});

describe('PUT /api/v1/auth/profile, the update limit', () => {
  test('when a user updates their profile more often than allowed, then 429 for them only', async ({
    api,
    user,
  }) => {
    for (let i = 0; i < 3; i += 1) {
      await updateProfile(api, `Bearer ${user.token}`, { address: `${i} Rate Street` }).expect(200);
    }

    const refused = await updateProfile(api, `Bearer ${user.token}`, {
      address: 'One too many',
    }).expect(429);

    expect(errorResponseSchema.parse(refused.body)).toEqual({
      success: false,
      message: 'Too many requests, please try again in 15 minutes',
    });
    const other = await createUser();
    await updateProfile(api, `Bearer ${other.token}`, { address: 'Someone else' }).expect(200);
  });
});
