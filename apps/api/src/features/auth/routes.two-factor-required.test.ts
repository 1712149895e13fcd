import { loginResponseSchema, storeSchema } from '@shop/contracts';
import { SET_UP_TWO_FACTOR, twoFactorStatusResponseSchema } from '@shop/contracts/two-factor';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Api, createAdmin } from '../../test/harness.js';
import { setUp } from '../../test/two-factor.js';

const REFUSED = { success: false, message: SET_UP_TWO_FACTOR, twoFactorSetupRequired: true };

/** The store's settings with `staffTwoFactorRequired`, saved by `admin`. */
async function requireOfStaff(api: Api, admin: { token: string }, required: boolean) {
  const store = storeSchema.parse((await api.get('/api/v1/store').expect(200)).body);
  await api
    .put('/api/v1/store')
    .set('Authorization', admin.token)
    .send({ ...store, staffTwoFactorRequired: required })
    .expect(200);
}

// Each test starts with the setting off, as a shop does, and turns it on itself.
test.afterEach(async ({ api }) => {
  const owner = await createAdmin();
  const { app } = await setUp(api, owner.token);
  await api
    .post('/api/v1/auth/2fa/enable')
    .set('Authorization', owner.token)
    .send({ otp: app.code() });
  await requireOfStaff(api, owner, false);
});

describe('the store setting staffTwoFactorRequired', () => {
  test('when it is not set, then the store answers false', async ({ api }) => {
    const store = storeSchema.parse((await api.get('/api/v1/store').expect(200)).body);
    expect(store.staffTwoFactorRequired).toBe(false);
  });

  test('when it is not a boolean, then 400 and nothing changes', async ({ api, admin }) => {
    const store = storeSchema.parse((await api.get('/api/v1/store').expect(200)).body);
    const res = await api
      .put('/api/v1/store')
      .set('Authorization', admin.token)
      .send({ ...store, staffTwoFactorRequired: 'yes' })
      .expect(400);
    expect(res.body.message).toMatch(/staffTwoFactorRequired must be true or false/);
    expect(storeSchema.parse((await api.get('/api/v1/store').expect(200)).body)).toEqual(store);
  });

  test('when it is on, then an admin without two-factor sign-in signs in but every other call is 403 and changes nothing, until a code turns it on', async ({
    api,
    admin,
  }) => {
    await requireOfStaff(api, admin, true);
    const session = loginResponseSchema.parse(
      (
        await api
          .post('/api/v1/auth/login')
          .send({ email: admin.email, password: admin.password })
          .expect(200)
      ).body,
    );
    const as = (req: ReturnType<Api['get']>) => req.set('Authorization', session.token);

    expect((await as(api.get('/api/v1/auth/all-users')).expect(403)).body).toEqual(REFUSED);
    expect((await as(api.get('/api/v1/auth/admin-auth')).expect(403)).body).toEqual(REFUSED);
    const rename = await as(api.put('/api/v1/auth/profile')).send({ name: 'Changed' }).expect(403);
    // The profile form reads its own failure body (`error` beside `message`).
    expect(rename.body).toEqual({
      success: false,
      message: SET_UP_TWO_FACTOR,
      error: SET_UP_TWO_FACTOR,
    });
    const category = await as(api.post('/api/v1/category/create-category'))
      .send({ name: 'Forced' })
      .expect(403);
    expect(category.body).toEqual(REFUSED);
    const categories = (await api.get('/api/v1/category/get-category').expect(200)).body;
    expect(JSON.stringify(categories)).not.toContain('Forced');

    await as(api.get('/api/v1/auth/user-auth')).expect(200);
    const status = await as(api.get('/api/v1/auth/2fa')).expect(200);
    expect(twoFactorStatusResponseSchema.parse(status.body)).toMatchObject({
      enabled: false,
      required: true,
    });
    const { app } = await setUp(api, session.token);
    await as(api.post('/api/v1/auth/2fa/enable')).send({ otp: app.code() }).expect(200);

    await as(api.get('/api/v1/auth/all-users')).expect(200);
  });

  test('when it is on, then a customer’s calls are answered as before', async ({
    api,
    admin,
    user,
  }) => {
    await requireOfStaff(api, admin, true);
    await api.get('/api/v1/auth/orders').set('Authorization', user.token).expect(200);
    const status = await api.get('/api/v1/auth/2fa').set('Authorization', user.token).expect(200);
    expect(twoFactorStatusResponseSchema.parse(status.body).required).toBe(false);
  });

  test('when it is on, then an admin may still sign out everywhere', async ({ api, admin }) => {
    await requireOfStaff(api, admin, true);
    await api
      .post('/api/v1/auth/sign-out-everywhere')
      .set('Authorization', admin.token)
      .expect(200);
    await api.get('/api/v1/auth/user-auth').set('Authorization', admin.token).expect(401);
  });
});
