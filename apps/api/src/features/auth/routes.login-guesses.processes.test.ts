import supertest from 'supertest';
import { startFakeStripe } from '../../test/fake-stripe.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { TEST_JWT_SECRET } from '../../test/harness.js';
import { startApiProcess } from '../../test/oversell.js';
import { address, cookieLeft, signIn, TOO_MANY_GUESSES } from '../../test/sign-ins.js';

describe('the guesses at one account over two API processes on one database', () => {
  test('when wrong guesses alternate between two processes, then after 20 in all both refuse the account, and both still let its owner’s browser in', async ({
    api,
    app,
    user,
  }) => {
    const fake = await startFakeStripe();
    // The same secret as this file's app, as every process of one shop has.
    const process = await startApiProcess(app.databaseUrl, fake, {
      env: { JWT_SECRET: TEST_JWT_SECRET },
    });
    try {
      const other = supertest(process.url);
      const home = '198.51.100.20';
      const owner = {
        from: home,
        cookie: cookieLeft(await signIn(api, user.email, user.password, { from: home })),
      };

      for (let n = 1; n <= 20; n += 1) {
        const res = await signIn(n % 2 ? api : other, user.email, `wrong-${n}`, {
          from: address(n),
        });
        expect(res.status, `guess ${n}`).toBe(401);
      }

      for (const [n, either] of [api, other].entries()) {
        const refused = await signIn(either, user.email, user.password, { from: address(21 + n) });
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({ success: false, message: TOO_MANY_GUESSES });
        await signIn(either, user.email, user.password, owner).expect(200);
      }
    } finally {
      process.stop();
      await fake.close();
    }
  }, 180_000);
});
