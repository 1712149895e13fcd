import { randomUUID } from 'node:crypto';
import type { Options } from 'express-rate-limit';
import { RateLimiterMongo } from 'rate-limiter-flexible';
import { afterEach, vi } from 'vitest';
import { createProduct, TEST_DELIVERY_ADDRESS } from '../test/checkout.js';
import { describe, expect, test } from '../test/fixtures.js';
import { SharedBudgetStore } from './shared-budgets.js';

test.override('appEnv', { scope: 'file' }, { QUOTE_RATE_LIMIT: '5' });

/** A budget of `limit` calls in 15 minutes, new to this test. */
function newStore(limit: number) {
  const store = new SharedBudgetStore(`test ${randomUUID()}`);
  store.init({ limit, windowMs: 15 * 60 * 1000 } as Options);
  return store;
}

/** Counts the library's upserts of a window (one command each, but a retry after a clash). */
const countWindowWrites = () =>
  vi.spyOn(
    RateLimiterMongo.prototype as unknown as { _upsert: (key: string, points: number) => unknown },
    '_upsert',
  );

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a shared budget spent by calls of one key at once', () => {
  test('when 12 calls of one key come at once, then they cost 2 writes, each call is told its own count, and the window counts 12', async ({
    api,
  }) => {
    await api.get('/api/v1/store').expect(200);
    const store = newStore(5);
    const writes = countWindowWrites();

    const spent = await Promise.all(Array.from({ length: 12 }, () => store.increment('client')));

    // The first goes alone; the 11 that came while it was on its way go together.
    expect(writes).toHaveBeenCalledTimes(2);
    expect(spent.map((info) => info.totalHits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    expect((await store.get('client'))?.totalHits).toBe(12);
  });

  test('when calls of three keys come at once, then each key is written on its own and counts its own', async ({
    api,
  }) => {
    await api.get('/api/v1/store').expect(200);
    const store = newStore(5);
    const writes = countWindowWrites();

    const spent = await Promise.all(['a', 'b', 'c', 'a', 'a'].map((key) => store.increment(key)));

    // Each key's first goes alone; a's next two, come while it was on its way, go together.
    expect(writes.mock.calls.map(([key, points]) => [String(key).at(-1), points])).toEqual([
      ['a', 1],
      ['b', 1],
      ['c', 1],
      ['a', 2],
    ]);
    expect(spent.map((info) => info.totalHits)).toEqual([1, 1, 1, 2, 3]);
    expect((await store.get('a'))?.totalHits).toBe(3);
    expect((await store.get('b'))?.totalHits).toBe(1);
  });

  test('when 9 shoppers behind one address ask for quotes at once with 5 allowed, then exactly 5 are answered and 4 refused', async ({
    api,
  }) => {
    const product = await createProduct({ quantity: 20 });

    const answers = await Promise.all(
      Array.from({ length: 9 }, () =>
        api
          .post('/api/v1/order/quote')
          .set('X-Forwarded-For', '198.51.100.77')
          .send({ cart: [{ _id: product.id }], deliveryAddress: TEST_DELIVERY_ADDRESS }),
      ),
    );

    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429]);
    const remaining = answers
      .filter((answer) => answer.status === 200)
      .map((answer) => Number(/r=(\d+)/.exec(String(answer.headers.ratelimit))?.[1]))
      .sort();
    expect(remaining).toEqual([0, 1, 2, 3, 4]);
    expect(answers.filter((answer) => answer.status === 429).map((answer) => answer.body)).toEqual(
      Array.from({ length: 4 }, () => ({
        success: false,
        message: 'Too many requests, please try again in 15 minutes',
      })),
    );
  });
});
