import { errorResponseSchema } from '@shop/contracts';
import { signOutEverywhereResponseSchema } from '@shop/contracts/account';
import { type Api, describe, expect, test } from '../../test/fixtures.js';

const signOutEverywhere = (api: Api, token: string) =>
  api.post('/api/v1/auth/sign-out-everywhere').set('Authorization', `Bearer ${token}`);
const login = (api: Api, email: string, password: string) =>
  api.post('/api/v1/auth/login').send({ email, password });
const userAuth = (api: Api, token: string) =>
  api.get('/api/v1/auth/user-auth').set('Authorization', token);

describe('POST /api/v1/auth/sign-out-everywhere', () => {
  test('when a user signs out everywhere, then every token issued before gets 401, this one too, and signing in again works', async ({
    api,
    user,
  }) => {
    const stolen = (await login(api, user.email, user.password).expect(200)).body.token as string;

    const res = await signOutEverywhere(api, user.token).expect(200);

    expect(signOutEverywhereResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Signed out everywhere',
    });
    for (const revoked of [stolen, user.token]) {
      const refused = await userAuth(api, revoked).expect(401);
      expect(errorResponseSchema.parse(refused.body).message).toBe(
        'Unauthorized: invalid or expired token',
      );
    }
    await api
      .put('/api/v1/auth/profile')
      .set('Authorization', stolen)
      .send({ name: 'Thief' })
      .expect(401);
    const fresh = (await login(api, user.email, user.password).expect(200)).body.token as string;
    await userAuth(api, fresh).expect(200);
  });

  test('when a revoked token asks to sign out everywhere, then 401 and the new sessions stay', async ({
    api,
    user,
  }) => {
    await signOutEverywhere(api, user.token).expect(200);
    const fresh = (await login(api, user.email, user.password).expect(200)).body.token as string;

    await signOutEverywhere(api, user.token).expect(401);

    await userAuth(api, fresh).expect(200);
  });

  test('when nobody is signed in, then 401', async ({ api }) => {
    await api.post('/api/v1/auth/sign-out-everywhere').expect(401);
  });
});
