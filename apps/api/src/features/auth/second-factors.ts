import { type UserDoc, UserModel } from './model.js';
import { forgetSession } from './repository.js';
import { openSecret, sealSecret } from './sealed-secrets.js';

/**
 * The accounts' second factors as stored (the TOTP secret, the hashes of the recovery codes, the
 * last time step accepted): the only module besides ./repository.ts that reads or writes users,
 * and the only one that reads a secret. Every write that a code decides is one conditional
 * update, so two requests racing with one code (or one recovery code) cannot both pass. The
 * secrets are stored sealed (./sealed-secrets.ts), and opened here only.
 */

/** A secret as set up (its own, not sealed), and the hashes of its recovery codes. */
export interface NewSecondFactor {
  secret: string;
  /** The SHA-256 hashes of the recovery codes not used yet. */
  recoveryCodes: string[];
}

/** A second factor as read: its secret null when this shop's key did not seal it (changed since). */
export interface SecondFactor extends Omit<NewSecondFactor, 'secret'> {
  secret: string | null;
}

export interface AccountSecondFactors {
  /** On: a code of this secret is asked at every sign-in. */
  on: (SecondFactor & { lastStep: number }) | null;
  /** Set up, waiting for a code to turn it on. */
  pending: SecondFactor | null;
}

type SecondFactorDoc = NonNullable<UserDoc['twoFactor']>;

const toSecondFactor = (doc: SecondFactorDoc): SecondFactor => ({
  secret: openSecret(doc.secret),
  recoveryCodes: doc.recoveryCodes ?? [],
});

/** The account's second factors; null when the account is gone. */
export async function findSecondFactors(userId: string): Promise<AccountSecondFactors | null> {
  const user = await UserModel.findById(userId)
    .select('twoFactor twoFactorPending')
    .lean<Pick<UserDoc, 'twoFactor' | 'twoFactorPending'>>();
  if (!user) return null;
  return {
    on: user.twoFactor
      ? { ...toSecondFactor(user.twoFactor), lastStep: user.twoFactor.lastStep ?? 0 }
      : null,
    pending: user.twoFactorPending ? toSecondFactor(user.twoFactorPending) : null,
  };
}

/**
 * Keeps a new pending secret (replacing a pending one) unless two-factor sign-in is on: whether
 * it was kept.
 */
export async function savePendingSecondFactor(
  userId: string,
  { secret, recoveryCodes }: NewSecondFactor,
  now: Date,
): Promise<boolean> {
  const { matchedCount } = await UserModel.updateOne(
    { _id: userId, twoFactor: { $exists: false } },
    { $set: { twoFactorPending: { secret: sealSecret(secret), recoveryCodes, since: now } } },
  );
  return matchedCount > 0;
}

/**
 * Turns the pending secret `secret` on, the code of `step` counted as used, unless another setup
 * replaced it or it was turned on meanwhile: whether this call did.
 */
export async function turnOnSecondFactor(
  userId: string,
  { secret, recoveryCodes }: NewSecondFactor,
  step: number,
  now: Date,
): Promise<boolean> {
  const sealed = sealSecret(secret);
  const { modifiedCount } = await UserModel.updateOne(
    { _id: userId, 'twoFactorPending.secret': sealed, twoFactor: { $exists: false } },
    {
      $set: { twoFactor: { secret: sealed, recoveryCodes, lastStep: step, since: now } },
      $unset: { twoFactorPending: '' },
    },
  );
  await forgetSession(userId);
  return modifiedCount > 0;
}

/**
 * Records `step` as the last one accepted, only while the secret is still `secret` and no code of
 * this step or a later one was accepted: whether the code may pass (once, however many ask).
 */
export async function acceptStep(userId: string, secret: string, step: number): Promise<boolean> {
  const { modifiedCount } = await UserModel.updateOne(
    { _id: userId, 'twoFactor.secret': sealSecret(secret), 'twoFactor.lastStep': { $lt: step } },
    { $set: { 'twoFactor.lastStep': step } },
  );
  return modifiedCount > 0;
}

/** Removes the recovery code of this hash if it is still unused: whether this call did. */
export async function spendRecoveryCode(userId: string, hash: string): Promise<boolean> {
  const { modifiedCount } = await UserModel.updateOne(
    { _id: userId, 'twoFactor.recoveryCodes': hash },
    { $pull: { 'twoFactor.recoveryCodes': hash } },
  );
  return modifiedCount > 0;
}

/** Turns two-factor sign-in off (a pending setup goes too). */
export async function turnOffSecondFactor(userId: string): Promise<void> {
  await UserModel.updateOne({ _id: userId }, { $unset: { twoFactor: '', twoFactorPending: '' } });
  await forgetSession(userId);
}
