import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  errorResponseSchema,
  profileUpdateResponseSchema,
} from '@shop/contracts';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';

// Low enough for one test to reach it; every other test updates a fresh user once or twice.
test.override('appEnv', { scope: 'file' }, { PROFILE_RATE_LIMIT: '3' });

const PROFILE = '/api/v1/auth/profile';
const updateProfile = (api: Api, authorization: string, body: object) =>
  api.put(PROFILE).set('Authorization', authorization).send(body);
const login = (api: Api, email: string, password: string) =>
  api.post('/api/v1/auth/login').send({ email, password });
const userAuth = (api: Api, token: string) =>
  api.get('/api/v1/auth/user-auth').set('Authorization', `Bearer ${token}`);

describe('PUT /api/v1/auth/profile', () => {
  test('when name, phone, address and password change, then updatedUser reflects them and email and role do not change', async ({
    api,
    user,
  }) => {
    const res = await updateProfile(api, user.token, {
      name: 'New Name',
      email: 'other@example.com',
      password: 'newsecret',
      currentPassword: user.password,
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
    await login(api, user.email, 'newsecret').expect(200);
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
    const otherDevice = (await login(api, user.email, user.password).expect(200)).body
      .token as string;

    const res = await updateProfile(api, `Bearer ${user.token}`, {
      password: 'brand-new-1',
      currentPassword: user.password,
    }).expect(200);

    const { token } = profileUpdateResponseSchema.parse(res.body);
    for (const old of [user.token, otherDevice]) {
      const refused = await userAuth(api, old).expect(401);
      expect(errorResponseSchema.parse(refused.body).message).toBe(
        'Unauthorized: invalid or expired token',
      );
    }
    await userAuth(api, token as string).expect(200);
    const again = (await login(api, user.email, 'brand-new-1').expect(200)).body.token as string;
    await userAuth(api, again).expect(200);
  });

  test('when only the name changes, then the token keeps working and no new one is given', async ({
    api,
    user,
  }) => {
    const res = await updateProfile(api, `Bearer ${user.token}`, { name: 'Renamed' }).expect(200);
    expect(profileUpdateResponseSchema.parse(res.body).token).toBeUndefined();
    await userAuth(api, user.token).expect(200);
  });
});

describe('PUT /api/v1/auth/profile, the current password a new one needs', () => {
  test.for([
    ['without the current one', undefined, CURRENT_PASSWORD_REQUIRED],
    ['with an empty current one', '', CURRENT_PASSWORD_REQUIRED],
    ['with a wrong current one', 'a-guess', CURRENT_PASSWORD_WRONG],
  ] as const)(
    'when a new password comes %s, then 400 says so and nothing changes',
    async ([, currentPassword, reason], { api, user }) => {
      const res = await updateProfile(api, user.token, {
        name: 'Taken Over',
        password: 'thief-chosen-1',
        currentPassword,
      }).expect(400);

      expect(res.body).toEqual({ success: false, message: reason, error: reason });
      const session = await login(api, user.email, user.password).expect(200);
      expect(session.body.user.name).not.toBe('Taken Over');
      await userAuth(api, user.token).expect(200);
      await login(api, user.email, 'thief-chosen-1').expect(401);
    },
  );

  test('when the password stays empty, then no current password is asked for', async ({
    api,
    user,
  }) => {
    await updateProfile(api, user.token, { name: 'Same Password', password: '' }).expect(200);
    await login(api, user.email, user.password).expect(200);
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

  test('when a thief spends the budget of a stolen token elsewhere, then the owner can still change the password, and the thief is out', async ({
    api,
    user,
  }) => {
    const from = (address: string) => (body: object) =>
      updateProfile(api, user.token, body).set('X-Forwarded-For', address);
    const thief = from('203.0.113.7');
    const owner = from('198.51.100.20');
    for (let i = 0; i < 3; i += 1) {
      await thief({ password: 'thief-chosen-1', currentPassword: `guess-${i}` }).expect(400);
    }
    await thief({ password: 'thief-chosen-1', currentPassword: 'guess-3' }).expect(429);

    const res = await owner({ password: 'owner-new-1', currentPassword: user.password }).expect(
      200,
    );

    await userAuth(api, profileUpdateResponseSchema.parse(res.body).token as string).expect(200);
    await thief({ name: 'Still here?' }).expect(401);
    await login(api, user.email, 'owner-new-1').expect(200);
  });
});
