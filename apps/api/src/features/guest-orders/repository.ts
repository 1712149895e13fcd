import { EmailConfirmationModel } from './model.js';

/**
 * The pending confirmations of accounts' e-mails: the only module that reads or writes them,
 * each write one atomic update. A confirmation is found by the hash of its token.
 */

export interface EmailConfirmation {
  hash: string;
  userId: string;
  email: string;
  sentAt: Date;
  expiresAt: Date;
}

export async function insertEmailConfirmation({ hash, ...confirmation }: EmailConfirmation) {
  await EmailConfirmationModel.create({ _id: hash, ...confirmation });
}

const pending = (hash: string, now: Date) => ({ _id: hash, usedAt: null, expiresAt: { $gt: now } });

/**
 * Marks the confirmation used, if it was sent for `userId` and is neither used nor expired: it,
 * for the one call that did (of two at once, one wins); null otherwise.
 */
export async function spendEmailConfirmation(
  hash: string,
  userId: string,
  now: Date,
): Promise<Pick<EmailConfirmation, 'email' | 'sentAt'> | null> {
  const found = await EmailConfirmationModel.findOneAndUpdate(
    { ...pending(hash, now), userId },
    { $set: { usedAt: now } },
  ).lean();
  return found ? { email: found.email, sentAt: found.sentAt } : null;
}

/** The account a confirmation neither used nor expired was sent for; null when there is none. */
export async function findPendingConfirmation(
  hash: string,
  now: Date,
): Promise<Pick<EmailConfirmation, 'userId'> | null> {
  const found = await EmailConfirmationModel.findOne(pending(hash, now)).select('userId').lean();
  return found ? { userId: String(found.userId) } : null;
}

/** Makes a used confirmation usable again (its claim failed half-way). */
export async function reopenEmailConfirmation(hash: string) {
  await EmailConfirmationModel.updateOne({ _id: hash }, { $set: { usedAt: null } });
}
