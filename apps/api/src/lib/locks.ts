import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { insertCast } from './cast-insert.js';
import { type AppError, isDuplicateKeyError } from './errors.js';
import { groupedCollectionWrites } from './group-commits.js';
import { storedCollection } from './stored-collection.js';

/**
 * A lock held by one caller at a time, across every API process: `_id` is the locked thing
 * (`payment:<PaymentIntent id>`), so taking a free lock is one insert that the unique `_id`
 * lets only one caller win, and taking over an expired one is one update that only one caller
 * matches.
 *
 * A lock is a lease: it expires `leaseMs` after it was last renewed, and its holder renews it
 * every third of that while the work runs, however long the work takes (a Stripe call with its
 * retries). Only a lease whose holder stopped renewing it (its process died, or paused, or lost
 * the database for longer than the lease) expires and is taken over. Such a holder may still
 * write, unaware, so every acquisition gets a fencing token, larger than every token of that
 * lock before it: the holder writes with its token, and the data it guards refuses a token
 * older than the newest that wrote it (orders keep theirs in `fence`). The holder is told too:
 * once its lease could have been taken over, its `signal` aborts.
 *
 * The tokens of a lock are its own: its document keeps the last one (it is never deleted: a
 * release only ends the lease), so each acquisition raises it by one in the same update that
 * takes the lock; a lock's first token is the time it was first taken, in milliseconds, above
 * any token the shared counter of earlier versions handed out.
 */
const lockSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    /** The fencing token of the last acquisition; also who holds it while it has not expired. */
    token: { type: Number, required: true },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
const LockModel = mongoose.model('locks', lockSchema);

export const LEASE_MS = 15_000;

/** What the work gets of the lock it runs under. */
export interface Lease {
  /** The fencing token: every write made under the lock carries it. */
  token: number;
  /** Aborts (its reason is `busy()`) once the lease may have been taken over by another holder. */
  signal: AbortSignal;
  /** For a write refused for its token (a later holder wrote): aborts the signal and throws. */
  abandon: () => never;
}

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
const held = new Map<string, { token: number; stop: () => void }>();

/** Runs `work` while holding the lock `key`, which one caller at a time can hold. */
export async function withLock<T>(
  key: string,
  work: (lease: Lease) => Promise<T>,
  options: LockOptions<T>,
): Promise<T> {
  const giveUpAt = Date.now() + options.waitMs;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  let pollMs = FIRST_POLL_MS;
  let acquired = await tryLock(key, leaseMs);
  while (acquired === null) {
    const result = await options.doneMeanwhile?.();
    if (result) return result;
    if (Date.now() > giveUpAt) throw options.busy();
    // Jitter keeps waiters of one busy lock from retrying in lockstep.
    await sleep(pollMs / 2 + Math.random() * pollMs);
    pollMs = Math.min(pollMs * 2, LAST_POLL_MS);
    acquired = await tryLock(key, leaseMs);
  }
  const { token, renewedAt } = acquired;
  const lease = keepRenewed(key, token, renewedAt, leaseMs, options.busy);
  held.set(key, { token, stop: lease.stop });
  try {
    return await work({ token, signal: lease.signal, abandon: lease.abandon });
  } finally {
    await release(key, token);
  }
}

/** Releases every lock this process holds, for a graceful shutdown; never throws. */
export async function releaseHeldLocks(): Promise<void> {
  await Promise.all([...held].map(([key, { token }]) => release(key, token)));
}

/** Whoever holds the lock now: its token, or null when it is free. */
export async function lockHolder(key: string): Promise<number | null> {
  const lock = await LockModel.findById(key).lean();
  return lock && lock.expiresAt.getTime() > Date.now() ? lock.token : null;
}

/**
 * The lock with a new token when it was free or its lease had run out; else null. One write:
 * the insert of a lock never taken, or the update of one whose lease ended.
 */
async function tryLock(key: string, leaseMs: number) {
  const renewedAt = Date.now();
  const expiresAt = new Date(renewedAt + leaseMs);
  try {
    const token = renewedAt;
    await insertCast(LockModel, { _id: key, token, expiresAt });
    return { token, renewedAt };
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
  const taken = await LockModel.findOneAndUpdate(
    { _id: key, expiresAt: { $lt: new Date(renewedAt) } },
    { $inc: { token: 1 }, $set: { expiresAt } },
    { new: true },
  ).lean();
  return taken ? { token: taken.token, renewedAt } : null;
}

/**
 * Renews the lease every third of it while the work runs. A renewal that fails is tried again
 * at the next tick; the signal aborts when one finds the lock held by another token, or when
 * the lease ran out before any renewal landed (another caller may hold it by then).
 */
function keepRenewed(
  key: string,
  token: number,
  renewedAt: number,
  leaseMs: number,
  busy: () => AppError,
) {
  const controller = new AbortController();
  const lose = () => {
    stop();
    controller.abort(busy());
  };
  let runsOut: NodeJS.Timeout | undefined;
  const runsOutAt = (at: number) => {
    clearTimeout(runsOut);
    runsOut = setTimeout(lose, at - Date.now()).unref();
  };
  runsOutAt(renewedAt + leaseMs);
  const renewal = setInterval(async () => {
    const sentAt = Date.now();
    const renewed = await LockModel.updateOne(
      { _id: key, token },
      { $set: { expiresAt: new Date(sentAt + leaseMs) } },
    ).then(
      ({ matchedCount }) => matchedCount > 0,
      () => null,
    );
    if (controller.signal.aborted || renewed === null) return;
    if (renewed) runsOutAt(sentAt + leaseMs);
    else lose();
  }, leaseMs / 3).unref();
  const stop = () => {
    clearInterval(renewal);
    clearTimeout(runsOut);
  };
  const abandon = (): never => {
    lose();
    throw controller.signal.reason;
  };
  return { signal: controller.signal, stop, abandon };
}

/**
 * Releases our own lock only (its lease ends now; its document stays, keeping its last token),
 * and never throws: the work's result (or its error) is the answer, and a lock that could not
 * be released expires with its lease, since nobody renews it.
 */
async function release(key: string, token: number) {
  const entry = held.get(key);
  if (entry?.token === token) {
    entry.stop();
    held.delete(key);
  }
  await lockReleases([
    { updateOne: { filter: { _id: key, token }, update: { $set: { expiresAt: new Date(0) } } } },
  ]).catch(() => {});
}

/** Releases handed in at once (placements ending together) share one command. */
const lockReleases = groupedCollectionWrites(storedCollection<{ _id: string }>(LockModel));
