import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import supertest from 'supertest';
import type { FakeStripe } from '../../test/fake-stripe.js';
import { describe, expect, type TestApp, checkoutTest as test } from '../../test/fixtures.js';
import { guestEmail, linkParts, placeGuestOrder } from '../../test/guest-checkout.js';
import { TEST_JWT_SECRET } from '../../test/harness.js';
import { startApiProcess } from '../../test/oversell.js';

/** A guest's order placed through the file's app: place-order's answer, its link's number and key. */
async function placeOrderWithLink(app: TestApp, stripe: FakeStripe) {
  const { placed } = await placeGuestOrder(app.app, stripe, guestEmail());
  return { placed, ...linkParts(placed.body) };
}

/** The names of the collections with a document whose stored JSON holds `text`. */
async function collectionsHolding(text: string): Promise<string[]> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('not connected');
  const holding: string[] = [];
  for (const { name } of await db.listCollections().toArray()) {
    const documents = await db.collection(name).find().toArray();
    if (documents.some((d) => JSON.stringify(d).includes(text))) holding.push(name);
  }
  return holding;
}

describe("an order link's key kept secret, over two API processes on one database", () => {
  test('when a guest’s order is opened by its link on another process, then its answers are not to be stored, the request log holds no key, and no collection holds the key as it is', async ({
    app,
    stripe,
  }) => {
    const lines: string[] = [];
    const other = await startApiProcess(app.databaseUrl, stripe, {
      env: { JWT_SECRET: TEST_JWT_SECRET },
      log: (line) => lines.push(line),
    });
    try {
      const { placed, number, key } = await placeOrderWithLink(app, stripe);
      expect.soft(placed.headers['cache-control']).toBe('no-store');

      const opened = await supertest(other.url).get(`/api/v1/order/guest/${number}?key=${key}`);
      expect(opened.status).toBe(200);
      expect.soft(opened.headers['cache-control']).toBe('no-store');

      const path = `/api/v1/order/guest/${number}`;
      const giveUpAt = Date.now() + 10_000;
      while (!lines.some((line) => line.includes(path)) && Date.now() < giveUpAt) await sleep(20);
      const logged = lines.filter((line) => line.includes(path));
      expect(logged.length).toBeGreaterThan(0);
      expect.soft(logged.join('\n')).toContain(`${path}?key=[redacted]`);
      expect.soft(lines.filter((line) => line.includes(key))).toEqual([]);
      expect.soft(await collectionsHolding(key)).toEqual([]);
    } finally {
      other.stop();
    }
  }, 120_000);

  test('when a wrong key and a number no order has are asked, then each is one read of the database by the number and the key’s hash together, finding nothing, alike', async ({
    api,
    app,
    stripe,
  }) => {
    const { number } = await placeOrderWithLink(app, stripe);
    const wrongKey = 'A'.repeat(32);
    const hash = createHash('sha256').update(wrongKey).digest('base64url');
    const missing = Number(number) + 1_000_000;
    /** The reads a request makes by the number it asks or the key's hash (the app's own background work aside). */
    const readsOf = async (asked: number) => {
      const reads: string[] = [];
      mongoose.set('debug', (collection: string, method: string, filter: unknown) => {
        const { number: n, _id } = (filter ?? {}) as Record<string, unknown>;
        if (n === asked || _id === hash)
          reads.push(`${collection}.${method} ${JSON.stringify(filter)}`);
      });
      try {
        const res = await api.get(`/api/v1/order/guest/${asked}?key=${wrongKey}`);
        expect(res.status).toBe(404);
      } finally {
        mongoose.set('debug', false);
      }
      return reads;
    };

    const wrong = await readsOf(Number(number));
    const none = await readsOf(missing);

    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toContain(hash);
    expect(wrong[0]).not.toContain(wrongKey);
    expect(none).toEqual([wrong[0]?.replace(number, String(missing))]);
  });
});
