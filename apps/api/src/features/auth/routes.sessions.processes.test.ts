import { type Api, describe, expect, twoProcessTest as test } from '../../test/fixtures.js';
import { createUser, errorOf } from '../../test/harness.js';

/*
 * Each process keeps the accounts that signed-in calls named for SESSION_KEPT_MS (ten seconds),
 * and forgets one that another process changed within its next poll of the accounts changed:
 * over two API processes on one database, the file's app (`api`) and another (`other`).
 */

/** Each test makes calls to two processes, on a machine other suites share. */
const PROCESSES_TIMEOUT_MS = 120_000;

// The second process starts here, in the hook's time, not in the first test's.
test.beforeAll(async ({ otherUrl: _ }) => {});

const whoAmI = (api: Api, token: string) =>
  api.get('/api/v1/auth/user-auth').set('Authorization', `Bearer ${token}`);

const opensProducts = (api: Api, token: string) =>
  api.get('/api/v1/product/admin-products').set('Authorization', token);

/**
 * A poll of the accounts changed is a quarter of a second; a machine shared with other work (or
 * one core) may take a few times that, still far inside the ten seconds an account is kept.
 */
const WITHIN_MOMENTS = { timeout: 3_000, interval: 50 };

describe('sessions kept by each process, forgotten when another changes the account', {
  timeout: PROCESSES_TIMEOUT_MS,
}, () => {
  test('when a user signs out everywhere in one process, then the token the other process just checked is refused there within moments, long before its ten seconds are up', async ({
    api,
    other,
  }) => {
    const user = await createUser();
    await whoAmI(other, user.token).expect(200);
    await whoAmI(other, user.token).expect(200);

    await api
      .post('/api/v1/auth/sign-out-everywhere')
      .set('Authorization', `Bearer ${user.token}`)
      .expect(200);

    await expect
      .poll(async () => (await whoAmI(other, user.token)).status, WITHIN_MOMENTS)
      .toBe(401);
    await whoAmI(api, user.token).expect(401);
  });

  test('when an owner makes a staff account a customer again in one process, then its next calls in the other are refused within moments', async ({
    api,
    other,
    admin,
  }) => {
    const account = await createUser();
    await api
      .put(`/api/v1/auth/staff/${account.id}`)
      .set('Authorization', admin.token)
      .send({ staffRole: 'catalogue' })
      .expect(200);
    await expect
      .poll(async () => (await opensProducts(other, account.token)).status, WITHIN_MOMENTS)
      .toBe(200);

    await api
      .put(`/api/v1/auth/staff/${account.id}`)
      .set('Authorization', admin.token)
      .send({ staffRole: null })
      .expect(200);

    await expect
      .poll(async () => (await opensProducts(other, account.token)).status, WITHIN_MOMENTS)
      .toBe(403);
    expect(errorOf((await opensProducts(other, account.token)).body)).toBe(
      'Forbidden: administrators only',
    );
  });
});
