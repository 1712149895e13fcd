import { loginResponseSchema } from '@shop/contracts';
import { sweepEndedBudgetWindows } from '../../lib/shared-budgets.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';
import { address, cookieLeft, guessWrong, signIn, TOO_MANY_GUESSES } from '../../test/sign-ins.js';

// A small budget, so that spending it takes few bcrypt comparisons; the default's 20 is
// routes.login-guesses.test.ts's.
const BUDGET = 3;
test.override('appEnv', { scope: 'file' }, { PASSWORD_GUESS_LIMIT: String(BUDGET) });

const REFUSED = { success: false, message: TOO_MANY_GUESSES };
const OWNER_HOME = '198.51.100.20';

describe('POST /api/v1/auth/login, from a browser that signed in to the account before', () => {
  test('when the owner’s browser signed in before, then it still signs in past the budget, from any address', async ({
    api,
    user,
  }) => {
    const earlier = await signIn(api, user.email, user.password, { from: OWNER_HOME }).expect(200);
    const owner = { cookie: cookieLeft(earlier) };
    await guessWrong(api, user.email, BUDGET);
    await signIn(api, user.email, user.password, { from: address(BUDGET + 1) }).expect(429);

    const res = await signIn(api, user.email, user.password, {
      ...owner,
      from: '198.51.100.77',
    }).expect(200);

    const session = loginResponseSchema.parse(res.body);
    expect(session.user.email).toBe(user.email);
    await api.get('/api/v1/auth/user-auth').set('Authorization', session.token).expect(200);
  });

  test('when one browser signed in to two accounts, then it signs in to both past their budgets', async ({
    api,
  }) => {
    const [first, second] = [await createUser(), await createUser()];
    const asFirst = await signIn(api, first.email, first.password, { from: OWNER_HOME });
    const asBoth = await signIn(api, second.email, second.password, {
      from: OWNER_HOME,
      cookie: cookieLeft(asFirst),
    }).expect(200);
    const shared = { from: OWNER_HOME, cookie: cookieLeft(asBoth) };
    for (const account of [first, second]) {
      await guessWrong(api, account.email, BUDGET);
      await signIn(api, account.email, account.password, { from: address(BUDGET + 1) }).expect(429);
    }

    await signIn(api, first.email, first.password, shared).expect(200);
    await signIn(api, second.email, second.password, shared).expect(200);
  });

  test('when a thief edits the cookie of their own account to name another, then the other’s budget still holds', async ({
    api,
    user,
  }) => {
    const thief = await createUser();
    const own = cookieLeft(
      await signIn(api, thief.email, thief.password, { from: address(60) }).expect(200),
    );
    await guessWrong(api, user.email, BUDGET);

    const forged = own.replace(encodeURIComponent(thief.id), encodeURIComponent(user.id));
    expect(forged).not.toBe(own);
    const res = await signIn(api, user.email, user.password, { from: address(60), cookie: forged });

    expect(res.status).toBe(429);
    expect(res.body).toEqual(REFUSED);
  });

  test('when a browser known for the account guesses wrong past the budget itself, then it is refused too, and the account’s budget is untouched', async ({
    api,
    user,
  }) => {
    const known = {
      from: OWNER_HOME,
      cookie: cookieLeft(
        await signIn(api, user.email, user.password, { from: OWNER_HOME }).expect(200),
      ),
    };
    for (let n = 1; n <= BUDGET; n += 1) {
      await signIn(api, user.email, `wrong-guess-${n}`, known).expect(401);
    }

    await signIn(api, user.email, user.password, known).expect(429);
    await signIn(api, user.email, user.password, { from: address(1) }).expect(200);
  });
});

describe('the windows of the budgets', () => {
  test('when a window has ended and been swept, then the account can be signed in to again; a window still running is kept', async ({
    api,
    user,
  }) => {
    await guessWrong(api, user.email, BUDGET);
    await sweepEndedBudgetWindows(new Date());
    await signIn(api, user.email, user.password, { from: address(BUDGET + 1) }).expect(429);

    const fifteenMinutesOn = new Date(Date.now() + 15 * 60 * 1000 + 1000);
    expect(await sweepEndedBudgetWindows(fifteenMinutesOn)).toBeGreaterThan(0);

    await signIn(api, user.email, user.password, { from: address(BUDGET + 2) }).expect(200);
  });
});
