import { CURRENT_PASSWORD_WRONG, profileUpdateResponseSchema } from '@shop/contracts';
import { type Api, describe, expect, test } from '../../test/fixtures.js';
import {
  address,
  type Browser,
  cookieLeft,
  guessWrong,
  sentFrom,
  signIn,
  TOO_MANY_GUESSES,
} from '../../test/sign-ins.js';

// The shop's own budgets: 20 wrong passwords per account; PROFILE_RATE_LIMIT (10 updates per
// user and address) is the test default's 1000, so that only the account's budget is seen here.
const REFUSED = { success: false, message: TOO_MANY_GUESSES, error: TOO_MANY_GUESSES };

const changePassword = (api: Api, token: string, currentPassword: string, browser: Browser) =>
  sentFrom(api.put('/api/v1/auth/profile'), browser)
    .set('Authorization', token)
    .send({ password: 'thief-chosen-1', currentPassword });

describe('PUT /api/v1/auth/profile, the guesses at the current password from every address together', () => {
  test('when a stolen token guesses the current password from 25 addresses, then after 20 wrong guesses every further attempt is refused, the right password too', async ({
    api,
    user,
  }) => {
    const statuses: number[] = [];
    for (let n = 1; n <= 25; n += 1) {
      const res = await changePassword(api, user.token, `guess-${n}`, { from: address(n) });
      statuses.push(res.status);
      expect(res.body).toEqual(
        res.status === 429
          ? REFUSED
          : { success: false, message: CURRENT_PASSWORD_WRONG, error: CURRENT_PASSWORD_WRONG },
      );
    }

    expect(statuses).toEqual([...Array(20).fill(400), ...Array(5).fill(429)]);
    const right = await changePassword(api, user.token, user.password, { from: address(26) });
    expect(right.status).toBe(429);
    await signIn(api, user.email, 'thief-chosen-1', { from: address(27) }).expect(429);
  });

  test('when the budget is spent, then the owner’s browser that signed in before still changes the password', async ({
    api,
    user,
  }) => {
    const home = '198.51.100.20';
    const earlier = await signIn(api, user.email, user.password, { from: home }).expect(200);
    const owner = { from: home, cookie: cookieLeft(earlier) };
    for (let n = 1; n <= 20; n += 1) {
      await changePassword(api, user.token, `guess-${n}`, { from: address(n) }).expect(400);
    }

    const res = await sentFrom(api.put('/api/v1/auth/profile'), owner)
      .set('Authorization', earlier.body.token)
      .send({ password: 'owner-new-1', currentPassword: user.password })
      .expect(200);

    expect(profileUpdateResponseSchema.parse(res.body).token).toBeDefined();
    await signIn(api, user.email, 'owner-new-1', owner).expect(200);
  });

  test('when wrong passwords come at sign-in and at the password change, then they spend one budget', async ({
    api,
    user,
  }) => {
    await guessWrong(api, user.email, 10);
    for (let n = 11; n <= 20; n += 1) {
      await changePassword(api, user.token, `guess-${n}`, { from: address(n) }).expect(400);
    }

    const res = await signIn(api, user.email, user.password, { from: address(21) });

    expect(res.status).toBe(429);
    expect(res.body).toEqual({ success: false, message: TOO_MANY_GUESSES });
  });
});
