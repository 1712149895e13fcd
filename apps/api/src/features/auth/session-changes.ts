import mongoose from 'mongoose';

/**
 * Changes of accounts announced to every API process, so that each forgets the account it keeps
 * for the session check (./repository.ts) within a poll, not when its keeping runs out: a write
 * to an account (its sign-in, role, profile, removal) is followed by one insert here, and every
 * process that keeps sessions reads the announcements of the last moments every
 * SESSION_POLL_MS. The announcements are by time, not by a number: any process may write one,
 * and one that took long to land (a slow insert) is still read, since every poll reads back
 * ANNOUNCED_WITHIN_MS. Kept for a minute, then removed by the processes' polls.
 */

/** How often a process that keeps sessions reads the accounts changed. */
export const SESSION_POLL_MS = 250;

/** How far back every poll reads: an announcement that took this long to land is still seen. */
const ANNOUNCED_WITHIN_MS = 5_000;

/** How long an announcement is kept; older ones are removed by the polls, about every KEPT_MS. */
const KEPT_MS = 60_000;

const sessionChangeSchema = new mongoose.Schema(
  {
    account: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { collection: 'session_changes', versionKey: false },
);
sessionChangeSchema.index({ at: 1 });
const SessionChangeModel = mongoose.model('session_changes', sessionChangeSchema);

/** Tells every process that the account changed (after the write that changed it). */
export async function announceSessionChange(accountId: string): Promise<void> {
  await SessionChangeModel.collection.insertOne({ account: accountId, at: new Date() });
}

/**
 * Reads the accounts changed lately every SESSION_POLL_MS, in the background, and calls
 * `forget` once with each announcement's account, from its first poll on (what was kept before
 * it started was kept by nobody). A failed poll (the database briefly away) is retried by the
 * next, from where the last that read stood. Removes the announcements older than a minute about
 * once a minute. Until the returned stop.
 */
export function watchSessionChanges(forget: (accountId: string) => void): () => void {
  /** The announcements seen within ANNOUNCED_WITHIN_MS of the last poll, by id: when made. */
  const seen = new Map<string, number>();
  let readFrom = Date.now() - ANNOUNCED_WITHIN_MS;
  let prunedAt = Date.now();
  let polling = false;

  async function poll() {
    const startedAt = Date.now();
    const changes = await SessionChangeModel.find(
      { at: { $gt: new Date(readFrom) } },
      { account: 1, at: 1 },
    ).lean();
    for (const { _id, account, at } of changes) {
      const id = String(_id);
      if (seen.has(id)) continue;
      seen.set(id, at.getTime());
      forget(account);
    }
    readFrom = startedAt - ANNOUNCED_WITHIN_MS;
    for (const [id, at] of seen) if (at <= readFrom) seen.delete(id);
    if (startedAt - prunedAt >= KEPT_MS) {
      prunedAt = startedAt;
      await SessionChangeModel.deleteMany({ at: { $lt: new Date(startedAt - KEPT_MS) } });
    }
  }

  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    // A failed poll is retried by the next one.
    void poll()
      .catch(() => {})
      .finally(() => {
        polling = false;
      });
  }, SESSION_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
