import { EmailConfirmationModel } from './model.js';

/**
 * The pending confirmations of accounts' e-mails: the only module that reads or writes them,
 * each write one atomic update. A confirmation is found by the hash of its token.
 */

export interface EmailConfirmation {
  hash: string;
  userId: string;
  email: string;
  expiresAt: Date;
}

export async function insertEmailConfirmation({ hash, ...confirmation }: EmailConfirmation) {
  await EmailConfirmationModel.create({ _id: hash, ...confirmation });
}

/**
 * Marks the confirmation used, if it is neither used nor expired: it, for the one call that did
 * (of two at once, one wins); null otherwise.
 */
export async function spendEmailConfirmation(
  hash: string,
  now: Date,
): Promise<Pick<EmailConfirmation, 'userId' | 'email'> | null> {
  const found = await EmailConfirmationModel.findOneAndUpdate(
    { _id: hash, usedAt: null, expiresAt: { $gt: now } },
    { $set: { usedAt: now } },
  ).lean();
  return found ? { userId: String(found.userId), email: found.email } : null;
}

/** Makes a used confirmation usable again (its claim failed half-way). */
export async function reopenEmailConfirmation(hash: string) {
  await EmailConfirmationModel.updateOne({ _id: hash }, { $set: { usedAt: null } });
}
