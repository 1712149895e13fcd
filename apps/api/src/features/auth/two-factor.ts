import {
  ADMIN_ROLE,
  TWO_FACTOR_CODE_NEEDED,
  TWO_FACTOR_CODE_WRONG,
  type User,
} from '@shop/contracts';
import {
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_NOT_SET_UP,
} from '@shop/contracts/two-factor';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.js';
import type { PasswordCheck } from './password-guesses.js';
import { findSessionUser } from './repository.js';
import {
  acceptStep,
  findSecondFactors,
  savePendingSecondFactor,
  spendRecoveryCode,
  turnOffSecondFactor,
  turnOnSecondFactor,
} from './second-factors.js';
import {
  isTotpCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUri,
  qrCodeSvg,
  recoveryCodeHash,
  stepOfCode,
} from './totp.js';

/**
 * Two-factor sign-in: an account sets up a TOTP secret (pending), turns it on with a code of it,
 * and from then on signs in with its password and a code, or once with each recovery code.
 */

/** Whether the account is staff (the spec's `role: 1`), whatever its staff role. */
export const isStaff = (user: Pick<User, 'role'>): boolean => user.role === ADMIN_ROLE;

const ACCOUNT_GONE = 'Unauthorized: account no longer exists';

/**
 * A new pending secret (replacing one set up before), its URI and QR code, and ten recovery
 * codes, shown this once: only their hashes are kept. 409 while two-factor sign-in is on.
 */
export async function setUpTwoFactor(user: User, issuer: string, now: Date) {
  const secret = newTotpSecret();
  const recoveryCodes = newRecoveryCodes();
  const kept = await savePendingSecondFactor(
    user._id,
    { secret, recoveryCodes: recoveryCodes.map(recoveryCodeHash) },
    now,
  );
  if (!kept) throw conflict(TWO_FACTOR_ALREADY_ON);
  const uri = otpauthUri(secret, issuer, user.email);
  return { otpauthUri: uri, qrSvg: await qrCodeSvg(uri), recoveryCodes };
}

/** Turns two-factor sign-in on with a code of the pending secret (that code is then used). */
export async function enableTwoFactor(userId: string, code: string, now: Date): Promise<void> {
  const factors = await findSecondFactors(userId);
  if (!factors) throw unauthorized(ACCOUNT_GONE);
  if (factors.on) throw conflict(TWO_FACTOR_ALREADY_ON);
  // A secret this shop's key cannot open (the key changed since): set up again.
  const secret = factors.pending?.secret;
  if (!factors.pending || !secret) throw conflict(TWO_FACTOR_NOT_SET_UP);
  const step = stepOfCode(secret, code, now);
  if (step === null) throw badRequest(TWO_FACTOR_CODE_WRONG);
  // Refused when a second setup replaced the secret this code is of: set up again.
  const { recoveryCodes } = factors.pending;
  if (!(await turnOnSecondFactor(userId, { secret, recoveryCodes }, step, now))) {
    throw conflict(TWO_FACTOR_NOT_SET_UP);
  }
}

/**
 * Turns it off with a code or a recovery code; a wrong one spends a guess of the account's
 * budget, as a wrong password does (a stolen token's guesses).
 */
export async function disableTwoFactor(
  userId: string,
  code: string,
  checkGuess: PasswordCheck,
  now: Date,
): Promise<void> {
  const factors = await findSecondFactors(userId);
  if (!factors?.on) throw conflict(TWO_FACTOR_NOT_ON);
  const passed = await checkGuess({ accountId: userId }, () => passSecondFactor(userId, code, now));
  if (!passed) throw badRequest(TWO_FACTOR_CODE_WRONG);
  await turnOffSecondFactor(userId);
}

/** Refused at sign-in for want of a right code: the form asks for one. */
const codeAsked = (message: string) => new AppError(401, message, { twoFactorRequired: true });

/**
 * At sign-in, after the right password, for an account with two-factor sign-in on: passes with a
 * code not used before or an unused recovery code; 401 `twoFactorRequired` otherwise, a wrong
 * code spending a guess of the account's budget as a wrong password does.
 */
export async function checkSecondFactorAtSignIn(
  userId: string,
  code: string | undefined,
  checkGuess: PasswordCheck,
  now: Date,
): Promise<void> {
  if (code === undefined) throw codeAsked(TWO_FACTOR_CODE_NEEDED);
  const passed = await checkGuess({ accountId: userId }, () => passSecondFactor(userId, code, now));
  if (!passed) throw codeAsked(TWO_FACTOR_CODE_WRONG);
}

/**
 * Whether `code` passes, using it up: an app's code of a step later than the last one accepted,
 * or an unused recovery code. One conditional update decides, so of two requests with one code,
 * one passes.
 */
async function passSecondFactor(userId: string, code: string, now: Date): Promise<boolean> {
  const factors = await findSecondFactors(userId);
  if (!factors?.on) return false;
  if (!isTotpCode(code)) return spendRecoveryCode(userId, recoveryCodeHash(code));
  const { secret, lastStep } = factors.on;
  if (secret === null) return false;
  const step = stepOfCode(secret, code, now);
  return step !== null && step > lastStep && acceptStep(userId, secret, step);
}

/** Whether it is on, whether the store requires it of this account, the recovery codes left. */
export async function twoFactorStatus(user: User, storeRequiresIt: () => Promise<boolean>) {
  const factors = await findSecondFactors(user._id);
  if (!factors) throw unauthorized(ACCOUNT_GONE);
  return {
    enabled: Boolean(factors.on),
    required: isStaff(user) && (await storeRequiresIt()),
    recoveryCodesLeft: factors.on?.recoveryCodes.length ?? 0,
  };
}

/**
 * Whether the account must set up two-factor sign-in before anything else: staff without it
 * while the store requires it.
 */
export async function mustSetUpTwoFactor(
  user: User,
  storeRequiresIt: () => Promise<boolean>,
): Promise<boolean> {
  if (!isStaff(user) || !(await storeRequiresIt())) return false;
  return !(await findSessionUser(user._id))?.twoFactorOn;
}
