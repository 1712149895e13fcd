import { errorResponseSchema } from '@shop/contracts';
import jwt from 'jsonwebtoken';
import { describe, expect, test } from '../../test/fixtures.js';
import { forgedToken, TEST_JWT_SECRET } from '../../test/harness.js';
import { deleteUser } from './repository.js';

const USER_AUTH = '/api/v1/auth/user-auth';

describe('GET /api/v1/auth/user-auth', () => {
  test('when the token is sent as Bearer, then ok', async ({ api, user }) => {
    const res = await api.get(USER_AUTH).set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(res.body).toEqual({ ok: true });
  });

  test.for([
    ['no token', undefined],
    ['a forged token', forgedToken()],
    ['garbage', 'Bearer abc.def'],
  ])('when there is %s, then 401', async ([, token], { api }) => {
    const req = api.get(USER_AUTH);
    if (token) req.set('Authorization', token);
    const res = await req.expect(401);
    expect(errorResponseSchema.parse(res.body).success).toBe(false);
  });

  test('when the token belongs to a deleted user, then 401', async ({ api, user }) => {
    await deleteUser(user.id);
    await api.get(USER_AUTH).set('Authorization', user.token).expect(401);
  });

  test('when a token claims a newer version than the account has, then 401', async ({
    api,
    user,
  }) => {
    const fromTheFuture = jwt.sign({ _id: user.id, v: 5 }, TEST_JWT_SECRET, { expiresIn: '1h' });
    await api.get(USER_AUTH).set('Authorization', `Bearer ${fromTheFuture}`).expect(401);
  });
});
