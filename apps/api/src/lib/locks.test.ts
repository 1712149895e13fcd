import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test/harness.js';
import { AppError } from './errors.js';
import { LockModel, releaseHeldLocks, withLock } from './locks.js';

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

describe('locks', () => {
  it('when the work outlasts its lease, then the holder renews it and a waiter never takes it over', async () => {
    const key = newKey();
    let contenderRan = false;
    const result = await withLock(
      key,
      // The work lasts until a contender waiting four leases long gave up.
      () =>
        withLock(
          key,
          async () => {
            contenderRan = true;
          },
          { waitMs: 1200, busy, leaseMs: 300 },
        ).then(
          () => 'contender got in',
          (err: unknown) => (err instanceof AppError ? err.message : 'other'),
        ),
      { waitMs: 0, busy, leaseMs: 300 },
    );
    expect(result).toBe('busy');
    expect(contenderRan).toBe(false);
    expect(await LockModel.exists({ _id: key })).toBeNull();
  });

  it('when its holder died (the lease expired unrenewed), then the next caller takes the lock over', async () => {
    const key = newKey();
    await LockModel.create({
      _id: key,
      owner: 'a dead process',
      expiresAt: new Date(Date.now() - 1),
    });
    expect(await withLock(key, async () => 'taken over', { waitMs: 2000, busy })).toBe(
      'taken over',
    );
  });

  it('when the holder is alive, then a waiter gives up with busy after its wait', async () => {
    const key = newKey();
    await LockModel.create({
      _id: key,
      owner: 'a live process',
      expiresAt: new Date(Date.now() + 60_000),
    });
    await expect(withLock(key, async () => 'got in', { waitMs: 100, busy })).rejects.toThrow(
      'busy',
    );
  });

  it('when the process shuts down, then releaseHeldLocks frees what it holds, and the work still ends with its result', async () => {
    const key = newKey();
    let finish: (value: string) => void = () => {};
    let started: () => void = () => {};
    const working = new Promise<void>((resolve) => {
      started = resolve;
    });
    const holding = withLock(
      key,
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
          started();
        }),
      { waitMs: 0, busy },
    );
    await working;
    expect(await LockModel.exists({ _id: key })).not.toBeNull();
    await releaseHeldLocks();
    expect(await LockModel.exists({ _id: key })).toBeNull();
    finish('finished');
    expect(await holding).toBe('finished');
  });
});
