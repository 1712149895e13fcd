import { setTimeout as sleep } from 'node:timers/promises';
import mongoose from 'mongoose';
import { type AppError, isDuplicateKeyError } from './errors.js';

/**
 * A lock held by one caller at a time, across every API process: `_id` is the locked
 * thing (`payment:<PaymentIntent id>`, `stock:<product id>`), so taking it is one insert
 * that the unique `_id` lets only one caller win. Deleted when its holder is done.
 * FerretDB v1 has no transactions and applies a conditional update in two steps, so this
 * is what keeps concurrent writers of one document apart there.
 */
const lockSchema = new mongoose.Schema(
  {
    _id: { type: String, required: true },
    lockedAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export const LockModel = mongoose.model('locks', lockSchema);

export interface LockOptions<T> {
  /** How long to wait for the holder before giving up with `busy`. */
  waitMs: number;
  /**
   * A lock this old outlived its holder (its process died while holding it) and is
   * taken over.
   */
  staleMs: number;
  busy: () => AppError;
  /** Asked while waiting: the holder may have done the work for us meanwhile. */
  doneMeanwhile?: () => Promise<T | null>;
}

const POLL_MS = 15;

/** Runs `work` while holding the lock `key`, which one caller at a time can hold. */
export async function withLock<T>(
  key: string,
  work: () => Promise<T>,
  options: LockOptions<T>,
): Promise<T> {
  const giveUpAt = Date.now() + options.waitMs;
  let lockedAt = await tryLock(key);
  while (!lockedAt) {
    const result = await options.doneMeanwhile?.();
    if (result) return result;
    if (Date.now() > giveUpAt) throw options.busy();
    await LockModel.deleteOne({
      _id: key,
      lockedAt: { $lt: new Date(Date.now() - options.staleMs) },
    });
    // Jitter keeps waiters of one busy lock from retrying in lockstep.
    await sleep(POLL_MS + Math.floor(Math.random() * POLL_MS));
    lockedAt = await tryLock(key);
  }
  try {
    return await work();
  } finally {
    // Only our own lock: a slow holder must not release the lock of one that took over.
    await LockModel.deleteOne({ _id: key, lockedAt });
  }
}

async function tryLock(key: string): Promise<Date | null> {
  const lockedAt = new Date();
  try {
    await LockModel.create({ _id: key, lockedAt });
    return lockedAt;
  } catch (err) {
    if (isDuplicateKeyError(err)) return null;
    throw err;
  }
}
