import type { Test } from 'supertest';
import supertest from 'supertest';
import { newProductId } from '../features/products/repository/writes.js';
import { describe, expect, checkoutTest as test } from '../test/fixtures.js';
import { type Api, createUser, TEST_JWT_SECRET } from '../test/harness.js';
import { type ApiProcess, startApiProcess } from '../test/oversell.js';
import { address } from '../test/sign-ins.js';

/** Every budget of the app, small, in both processes alike. */
const LIMIT = 3;
const LIMITS = {
  AUTH_RATE_LIMIT: String(LIMIT),
  PROFILE_RATE_LIMIT: String(LIMIT),
  QUOTE_RATE_LIMIT: String(LIMIT),
  NOTIFY_ME_RATE_LIMIT: String(LIMIT),
  CHECKOUT_RATE_LIMIT: String(LIMIT),
};
test.override('appEnv', { scope: 'file' }, LIMITS);

const TOO_MANY_REQUESTS = 'Too many requests, please try again in 15 minutes';
const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again in 15 minutes';

/** The n-th call of one budget, through `api`: what it sends does not matter, only that it counts. */
type Call = (api: Api, n: number) => Test;

interface Budget {
  what: string;
  message: string;
  call: Call;
}

const from = (req: Test, n: number) => req.set('X-Forwarded-For', address(n));
const mail = (n: number) => `limits-${n}@example.com`;
const noCart = { cart: [] };

/** Each budget, counted per what its name says; the calls of one budget share what it counts. */
function budgets(token: string): Budget[] {
  return [
    {
      what: 'sign-in and registration attempts, per address',
      message: TOO_MANY_ATTEMPTS,
      call: (api, n) =>
        n % 2
          ? from(api.post('/api/v1/auth/login'), 31).send({ email: mail(n), password: 'x' })
          : from(api.post('/api/v1/auth/register'), 31).send({}),
    },
    {
      what: 'profile updates, per account and address',
      message: TOO_MANY_REQUESTS,
      call: (api) => from(api.put('/api/v1/auth/profile'), 32).set('Authorization', token).send({}),
    },
    {
      what: 'reads of an order by its link, per address',
      message: TOO_MANY_REQUESTS,
      call: (api, n) => from(api.get(`/api/v1/order/guest/${n}?key=wrong`), 33),
    },
    {
      what: '"find my order", per address',
      message: TOO_MANY_REQUESTS,
      call: (api, n) => from(api.post('/api/v1/order/find'), 34).send({ email: mail(100 + n) }),
    },
    {
      what: '"find my order", per e-mail',
      message: TOO_MANY_REQUESTS,
      call: (api, n) => from(api.post('/api/v1/order/find'), 40 + n).send({ email: mail(0) }),
    },
    {
      what: 'e-mail confirmations, per address (signed in, as confirming asks)',
      message: TOO_MANY_REQUESTS,
      call: (api) =>
        from(api.post('/api/v1/auth/verify-email'), 35)
          .set('Authorization', token)
          .send({ token: 'wrong' }),
    },
    {
      what: '"Notify me", per address',
      message: TOO_MANY_REQUESTS,
      call: (api) =>
        from(api.post(`/api/v1/product/${newProductId()}/notify-me`), 36).send({
          email: mail(1),
          variant: newProductId(),
        }),
    },
    {
      what: 'quotes, per address',
      message: TOO_MANY_REQUESTS,
      call: (api) => from(api.post('/api/v1/order/quote'), 37).send(noCart),
    },
    {
      what: 'payments started, per account',
      message: TOO_MANY_REQUESTS,
      call: (api, n) =>
        from(api.post('/api/v1/order/create-payment-intent'), 50 + n)
          .set('Authorization', token)
          .send(noCart),
    },
    {
      what: 'payments started by guests, per e-mail',
      message: TOO_MANY_REQUESTS,
      call: (api, n) =>
        from(api.post('/api/v1/order/create-payment-intent'), 60 + n).send({
          ...noCart,
          email: mail(2),
        }),
    },
    {
      what: 'payments started by guests, per address',
      message: TOO_MANY_REQUESTS,
      call: (api, n) =>
        from(api.post('/api/v1/order/create-payment-intent'), 38).send({
          ...noCart,
          email: mail(200 + n),
        }),
    },
    {
      what: 'orders placed, per account',
      message: TOO_MANY_REQUESTS,
      call: (api, n) =>
        from(api.post('/api/v1/order/place-order'), 70 + n)
          .set('Authorization', token)
          .send({ payment: { id: 'pi_none' } }),
    },
  ];
}

describe('every rate limit over two API processes on one database', () => {
  test('when a budget’s calls alternate between two processes, then both refuse the next one once the budget is spent in all', async ({
    api,
    app,
    stripe,
  }) => {
    let other: ApiProcess | undefined;
    try {
      other = await startApiProcess(app.databaseUrl, stripe, {
        // The same secret as this file's app, as every process of one shop has.
        env: { ...LIMITS, JWT_SECRET: TEST_JWT_SECRET },
      });
      const processes = [api, supertest(other.url)] as const;
      const { token } = await createUser();
      for (const { what, message, call } of budgets(token)) {
        for (let n = 1; n <= LIMIT; n += 1) {
          const res = await call(processes[n % 2] as Api, n);
          expect.soft(res.status, `${what}: call ${n} of ${LIMIT}`).not.toBe(429);
        }
        for (const [i, either] of processes.entries()) {
          const refused = await call(either, LIMIT + 1 + i);
          expect.soft(refused.status, `${what}: past the budget, process ${i + 1}`).toBe(429);
          if (refused.status !== 429) continue;
          expect(refused.body).toEqual({ success: false, message });
          expect(refused.headers['ratelimit-policy']).toMatch(`q=${LIMIT}; w=900`);
        }
      }
    } finally {
      other?.stop();
    }
  }, 180_000);
});
