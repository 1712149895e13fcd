import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { type AppError, isDuplicateKeyError } from './errors.js';

/**
 * A lock held by one caller at a time, across every API process: `_id` is the locked
 * thing (`payment:<PaymentIntent id>`, `stock:<product id>`), so taking it is one insert
 * that the unique `_id` lets only one caller win. FerretDB v1 has no transactions and
 * applies a conditional update in two steps, so this is what keeps concurrent writers of
 * one document apart there.
 *
 * A lock is a lease: it expires `LEASE_MS` after it was last renewed, and its holder
 * renews it every third of that while the work runs, however long the work takes (a
 * Stripe call with its retries, waits on other locks). Only a lease whose holder stopped
 * renewing it, because its process died, expires and is taken over.
 */
const lockSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    /** Who holds it: one id per acquisition, so a late release never frees a successor's. */
    owner: { type: String, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const LockModel = mongoose.model('locks', lockSchema);

export const LEASE_MS = 15_000;

export interface LockOptions<T> {
  /** How long to wait for the holder before giving up with `busy`. */
  waitMs: number;
  busy: () => AppError;
  /** How long the lease lasts unless renewed (renewed every third of it); LEASE_MS by default. */
  leaseMs?: number;
  /** Asked while waiting: the holder may have done the work for us meanwhile. */
  doneMeanwhile?: () => Promise<T | null>;
}

/** Waiters poll every 15 ms at first, backing off to 120 ms while the lock stays busy. */
const FIRST_POLL_MS = 15;
const LAST_POLL_MS = 120;

/** The locks this process holds now, by key: released all at once on shutdown. */
const held = new Map<string, { owner: string; renewal: NodeJS.Timeout }>();

/** Runs `work` while holding the lock `key`, which one caller at a time can hold. */
export async function withLock<T>(
  key: string,
  work: () => Promise<T>,
  options: LockOptions<T>,
): Promise<T> {
  const giveUpAt = Date.now() + options.waitMs;
  const owner = randomUUID();
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let pollMs = FIRST_POLL_MS;
  while (!(await tryLock(key, owner, leaseMs))) {
    const result = await options.doneMeanwhile?.();
    if (result) return result;
    if (Date.now() > giveUpAt) throw options.busy();
    await takeOverExpired(key);
    // Jitter keeps waiters of one busy lock from retrying in lockstep.
    await sleep(pollMs / 2 + Math.random() * pollMs);
    pollMs = Math.min(pollMs * 2, LAST_POLL_MS);
  }
  const renewal = setInterval(() => void renew(key, owner, leaseMs), leaseMs / 3);
  renewal.unref();
  held.set(key, { owner, renewal });
  try {
    return await work();
  } finally {
    await release(key, owner);
  }
}

/** Releases every lock this process holds, for a graceful shutdown; never throws. */
export async function releaseHeldLocks(): Promise<void> {
  await Promise.all([...held].map(([key, { owner }]) => release(key, owner)));
}

async function tryLock(key: string, owner: string, leaseMs: number): Promise<boolean> {
  try {
    await LockModel.create({ _id: key, owner, expiresAt: leaseEnd(leaseMs) });
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

const leaseEnd = (leaseMs: number) => new Date(Date.now() + leaseMs);

async function renew(key: string, owner: string, leaseMs: number) {
  // A failed renewal is retried at the next tick; the lease leaves room for two misses.
  await LockModel.updateOne({ _id: key, owner }, { $set: { expiresAt: leaseEnd(leaseMs) } }).catch(
    () => {},
  );
}

/**
 * Deletes a lease nobody renewed in time (its holder's process died). Read by `_id` first,
 * the one filter the embedded database answers from its index, so that the waiters of a
 * busy lock do not scan the collection on every poll.
 */
async function takeOverExpired(key: string) {
  const lock = await LockModel.findById(key).lean();
  if (lock && lock.expiresAt.getTime() < Date.now()) {
    await LockModel.deleteOne({ _id: key, owner: lock.owner });
  }
}

/**
 * Releases our own lock only, and never throws: the work's result (or its error) is the
 * answer, and a lock that could not be deleted expires with its lease, since nobody renews it.
 */
async function release(key: string, owner: string) {
  const entry = held.get(key);
  if (entry?.owner === owner) {
    clearInterval(entry.renewal);
    held.delete(key);
  }
  await LockModel.deleteOne({ _id: key, owner }).catch(() => {});
}
