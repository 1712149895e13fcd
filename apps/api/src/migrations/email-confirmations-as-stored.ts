import mongoose from 'mongoose';
import type { Outcome } from './batches.js';

/**
 * The migrations' reads and writes of the confirmations of accounts' e-mails in the shape
 * earlier versions stored (no `sentAt`), which the guest orders' model no longer describes:
 * straight through the driver. Each write is one update by `_id` made only while the
 * confirmation still has the old shape.
 */
const confirmations = () =>
  mongoose.connection.collection<{ _id: string; expiresAt?: unknown }>('email_confirmations');

/** How long the versions before `sentAt` made a confirmation link work: its expiry less this. */
const EARLIER_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The confirmations (their hashes) kept without the time they were sent. */
export async function confirmationsWithoutSentAt(): Promise<string[]> {
  const found = await confirmations()
    .find({ sentAt: { $exists: false } }, { projection: { _id: 1 } })
    .toArray();
  return found.map(({ _id }) => _id);
}

/**
 * Gives the confirmation the time it was sent, which its expiry tells (the version that made it
 * set it a lifetime after), unless it has one already.
 */
export async function dateConfirmationSent(hash: string): Promise<Outcome> {
  const found = await confirmations().findOne({ _id: hash }, { projection: { expiresAt: 1 } });
  if (!(found?.expiresAt instanceof Date)) return 'done before';
  const { matchedCount } = await confirmations().updateOne(
    { _id: hash, sentAt: { $exists: false } },
    { $set: { sentAt: new Date(found.expiresAt.getTime() - EARLIER_LIFETIME_MS) } },
  );
  return matchedCount > 0 ? 'done' : 'done before';
}
