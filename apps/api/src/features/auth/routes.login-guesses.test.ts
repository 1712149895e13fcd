import { describe, expect, test } from '../../test/fixtures.js';
import { address, guessWrong, signIn, TOO_MANY_GUESSES } from '../../test/sign-ins.js';

// The shop's own budget (PASSWORD_GUESS_LIMIT's default): 20 wrong passwords per account.
const REFUSED = { success: false, message: TOO_MANY_GUESSES };
const OWNER_HOME = '198.51.100.20';

describe('POST /api/v1/auth/login, the guesses one account gets from every address together', () => {
  test('when 50 addresses guess one account’s password, then after 20 wrong guesses every further attempt is refused, the right password too', async ({
    api,
    user,
  }) => {
    const statuses: number[] = [];
    for (let n = 1; n <= 50; n += 1) {
      const res = await signIn(api, user.email, `wrong-guess-${n}`, { from: address(n) });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toEqual(REFUSED);
    }

    expect(statuses).toEqual([...Array(20).fill(401), ...Array(30).fill(429)]);
    const right = await signIn(api, user.email, user.password, { from: address(51) }).expect(429);
    expect(right.body).toEqual(REFUSED);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  test('when an e-mail nobody has is guessed from many addresses, then it is refused past 20 exactly as an account is', async ({
    api,
  }) => {
    const nobody = `nobody-${Date.now()}@example.com`;
    await guessWrong(api, nobody, 20);

    const res = await signIn(api, nobody, 'secret123', { from: address(21) });

    expect(res.status).toBe(429);
    expect(res.body).toEqual(REFUSED);
  });
});

describe('POST /api/v1/auth/login, the cookie that makes a browser known', () => {
  test('when a sign-in succeeds over http, then the cookie is httpOnly, SameSite=Lax, for the account calls only, kept for a year, and not Secure; a wrong password leaves none', async ({
    api,
    user,
  }) => {
    const wrong = await signIn(api, user.email, 'wrong-guess', { from: OWNER_HOME }).expect(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const res = await signIn(api, user.email, user.password, { from: OWNER_HOME }).expect(200);

    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^known_browser=s%3A/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/api/v1/auth');
    expect(cookie).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    expect(cookie).not.toContain('Secure');
  });

  test('when a sign-in comes over https through the proxy, then the cookie is Secure', async ({
    api,
    user,
  }) => {
    const res = await signIn(api, user.email, user.password, { from: OWNER_HOME })
      .set('X-Forwarded-Proto', 'https')
      .expect(200);

    expect(String(res.headers['set-cookie'])).toContain('Secure');
  });
});
