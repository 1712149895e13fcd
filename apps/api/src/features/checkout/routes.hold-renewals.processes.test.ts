import { setTimeout as sleep } from 'node:timers/promises';
import { createProduct } from '../../test/checkout.js';
import { describe, expect, twoProcessTest as test } from '../../test/fixtures.js';
import { createUser } from '../../test/harness.js';
import { DEFAULT_HOLD_BUDGETS, startPaying } from '../../test/hold-budgets.js';

/**
 * A hold renewed by starting to pay again, over two API processes whose holds last 10 seconds
 * (CHECKOUT_HOLD_SECONDS=10, long enough that a renewal delayed on a busy machine still comes
 * before the hold expires): its life stops at twice that from its first start.
 */
const HOLD_SECONDS = 10;
test.override(
  'appEnv',
  { scope: 'file' },
  { ...DEFAULT_HOLD_BUDGETS, CHECKOUT_HOLD_SECONDS: String(HOLD_SECONDS) },
);
// The second process starts here, in the hook's time, not in the first test's.
test.beforeAll(async ({ otherUrl: _ }) => {});

const CAPPED =
  /^Items are held for at most 20 seconds while paying; try again in (?:[1-9]|10) seconds?$/;

describe('renewing a hold, over two API processes', { timeout: 150_000 }, () => {
  test('when a shopper starts paying again every half second, then from twice the hold after their first start they are refused with 429, even for other goods, and their unit goes to another shopper', async ({
    app,
    otherUrl,
  }) => {
    const lamp = await createProduct({ quantity: 1 });
    const desk = await createProduct({ quantity: 1 });
    const buyer = await createUser();
    const startedAt = Date.now();
    const answers: { at: number; status: number; message?: string }[] = [];
    for (let i = 0; Date.now() - startedAt < 5 * HOLD_SECONDS * 1000; i += 1) {
      const res = await startPaying(i % 2 ? otherUrl : app.app, { token: buyer.token }, [
        { _id: lamp.id },
      ]);
      answers.push({ at: Date.now() - startedAt, status: res.status, message: res.body.message });
      if (res.status !== 200) break;
      await sleep(500);
    }
    const refused = answers.at(-1);
    expect(refused, JSON.stringify(answers)).toMatchObject({
      status: 429,
      message: expect.stringMatching(CAPPED),
    });
    // Not before its time: the server's first start came after `startedAt`.
    expect(refused?.at).toBeGreaterThanOrEqual(2 * HOLD_SECONDS * 1000);
    expect(answers.slice(0, -1).every((a) => a.status === 200)).toBe(true);

    const otherGoods = await startPaying(otherUrl, { token: buyer.token }, [{ _id: desk.id }]);
    expect(otherGoods.status).toBe(429);

    const rival = await createUser();
    await expect
      .poll(
        async () => (await startPaying(app.app, { token: rival.token }, [{ _id: lamp.id }])).status,
        { timeout: 15_000, interval: 300 },
      )
      .toBe(200);
  });
});
