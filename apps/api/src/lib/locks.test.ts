import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markOrderPaid } from '../features/orders/index.js';
import { findStoredOrder } from '../features/orders/repository/reads.js';
import { claimOrder, recordOrder, removeOrder } from '../features/orders/repository/writes.js';
import { minor } from '../lib/money.js';
import { startTestApp, unknownId } from '../test/harness.js';
import { insertLockLeftover } from '../test/raw-documents.js';
import { AppError } from './errors.js';
import { type Lease, lockHolder, releaseHeldLocks, withLock } from './locks.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let counter = 0;
const newKey = () => {
  counter += 1;
  return `test:${counter}-${Date.now()}`;
};
const busy = () => new AppError(503, 'busy');

/** Holds the lock `key` until `release()`; `lease` once it is held. */
function holdLock(key: string, leaseMs?: number) {
  let release: () => void = () => {};
  let held: (lease: Lease) => void = () => {};
  const lease = new Promise<Lease>((resolve) => {
    held = resolve;
  });
  const done = withLock(
    key,
    (granted) => {
      held(granted);
      return new Promise<string>((resolve) => {
        release = () => resolve('finished');
      });
    },
    { waitMs: 0, busy, ...(leaseMs ? { leaseMs } : {}) },
  );
  return { lease, done, release: () => release() };
}

describe('locks', () => {
  it('when the work outlasts its lease, then the holder renews it and a waiter never takes it over', async () => {
    const key = newKey();
    let contenderRan = false;
    const result = await withLock(
      key,
      // The work lasts until a contender waiting four leases long gave up. A lease of 1.5 s
      // leaves the holder's renewals (every 0.5 s) a second of slack on a loaded single core.
      () =>
        withLock(
          key,
          async () => {
            contenderRan = true;
          },
          { waitMs: 6000, busy, leaseMs: 1500 },
        ).then(
          () => 'contender got in',
          (err: unknown) => (err instanceof AppError ? err.message : 'other'),
        ),
      { waitMs: 0, busy, leaseMs: 1500 },
    );
    expect(result).toBe('busy');
    expect(contenderRan).toBe(false);
    expect(await lockHolder(key)).toBeNull();
  });

  it('when its holder died (the lease expired unrenewed), then the next caller takes the lock over', async () => {
    const key = newKey();
    await insertLockLeftover(key, new Date(Date.now() - 1));
    expect(await withLock(key, async () => 'taken over', { waitMs: 2000, busy })).toBe(
      'taken over',
    );
  });

  it('when the holder is alive, then a waiter gives up with busy after its wait', async () => {
    const key = newKey();
    const holder = holdLock(key);
    await holder.lease;
    await expect(withLock(key, async () => 'got in', { waitMs: 100, busy })).rejects.toThrow(
      'busy',
    );
    holder.release();
    expect(await holder.done).toBe('finished');
  });

  it('when the process shuts down, then releaseHeldLocks frees what it holds, and the work still ends with its result', async () => {
    const key = newKey();
    const holder = holdLock(key);
    const { token } = await holder.lease;
    expect(await lockHolder(key)).toBe(token);
    await releaseHeldLocks();
    expect(await lockHolder(key)).toBeNull();
    holder.release();
    expect(await holder.done).toBe('finished');
  });

  it('when each caller takes the lock in turn, then each gets a larger fencing token', async () => {
    const key = newKey();
    const tokens: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      tokens.push(await withLock(key, async ({ token }) => token, { waitMs: 0, busy }));
    }
    expect(tokens).toEqual([...tokens].sort((a, b) => a - b));
    expect(new Set(tokens).size).toBe(3);
  });
});

describe('a holder that loses its lease', () => {
  it('when the database is out of reach for longer than the lease, then the holder is told, the next holder takes over, and every later write of the first is refused', async () => {
    const key = newKey();
    const first = holdLock(key, 600);
    const leaseA = await first.lease;
    const { _id: orderId } = await recordOrder(
      {
        lines: [{ productId: unknownId(), name: 'Lamp', unitPrice: minor(2000), quantity: 1 }],
        payment: {
          id: `pi_${key}`,
          status: 'requires_capture',
          amount: minor(2000),
          currency: 'usd',
        },
        buyer: { _id: unknownId() },
      },
      leaseA.token,
    );

    // The database goes out of reach: the holder's renewals fail until its lease runs out.
    await mongoose.disconnect();
    if (!leaseA.signal.aborted) {
      await new Promise((told) => leaseA.signal.addEventListener('abort', told, { once: true }));
    }
    expect(leaseA.signal.reason).toMatchObject({ status: 503 });
    await mongoose.connect(t.databaseUrl);

    // The lease ran out, so the next caller gets the lock, with a larger token, and writes.
    const paidByB = await withLock(
      key,
      async (leaseB) => {
        expect(leaseB.token).toBeGreaterThan(leaseA.token);
        expect(await claimOrder(orderId, leaseB.token)).not.toBeNull();
        return markOrderPaid(orderId, leaseB.token);
      },
      { waitMs: 5000, busy, leaseMs: 600 },
    );
    expect(paidByB).toMatchObject({ _id: orderId, payment: { success: true } });

    // The first holder wakes and writes as if it still held the lock: nothing it does lands.
    expect(await markOrderPaid(orderId, leaseA.token)).toBeNull();
    expect(await removeOrder(orderId, leaseA.token)).toBe(false);
    expect(await claimOrder(orderId, leaseA.token)).toBeNull();
    expect(() => leaseA.abandon()).toThrow('busy');
    first.release();
    expect(await first.done).toBe('finished');
    expect(await findStoredOrder(orderId)).toMatchObject({
      payment: { success: true, status: 'succeeded' },
    });
  });
});
