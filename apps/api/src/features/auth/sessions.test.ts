import { errorResponseSchema, profileUpdateResponseSchema } from '@shop/contracts';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, TEST_JWT_SECRET } from '../../test/harness.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp({ PROFILE_RATE_LIMIT: '3' });
});
afterAll(() => t.close());

const userAuth = (token: string) =>
  t.http().get('/api/v1/auth/user-auth').set('Authorization', `Bearer ${token}`);

const updateProfile = (token: string, body: Record<string, unknown>) =>
  t.http().put('/api/v1/auth/profile').set('Authorization', `Bearer ${token}`).send(body);

const login = (email: string, password: string) =>
  t.http().post('/api/v1/auth/login').send({ email, password });

describe('a password change', () => {
  it('when the password changes, then every older token is refused and the new token works', async () => {
    const user = await createUser();
    const otherDevice = (await login(user.email, user.password).expect(200)).body.token as string;

    const res = await updateProfile(user.token, { password: 'brand-new-1' }).expect(200);

    const { token } = profileUpdateResponseSchema.parse(res.body);
    for (const old of [user.token, otherDevice]) {
      const refused = await userAuth(old).expect(401);
      expect(errorResponseSchema.parse(refused.body).message).toBe(
        'Unauthorized: invalid or expired token',
      );
    }
    await userAuth(token as string).expect(200);
    const again = (await login(user.email, 'brand-new-1').expect(200)).body.token as string;
    await userAuth(again).expect(200);
  });

  it('when only the name changes, then the token keeps working and no new one is given', async () => {
    const user = await createUser();
    const res = await updateProfile(user.token, { name: 'Renamed' }).expect(200);
    expect(profileUpdateResponseSchema.parse(res.body).token).toBeUndefined();
    await userAuth(user.token).expect(200);
  });

  it('when a token claims a newer version than the account has, then 401', async () => {
    const user = await createUser();
    const fromTheFuture = jwt.sign({ _id: user.id, v: 5 }, TEST_JWT_SECRET, { expiresIn: '1h' });
    await userAuth(fromTheFuture).expect(401);
  });
});

describe('profile update limit', () => {
  it('when a user updates their profile more often than allowed, then 429 for them only', async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i += 1) {
      await updateProfile(user.token, { address: `${i} Rate Street` }).expect(200);
    }

    const refused = await updateProfile(user.token, { address: 'One too many' }).expect(429);

    expect(errorResponseSchema.parse(refused.body)).toEqual({
      success: false,
      message: 'Too many requests, please try again in 15 minutes',
    });
    const other = await createUser();
    await updateProfile(other.token, { address: 'Someone else' }).expect(200);
  });
});
