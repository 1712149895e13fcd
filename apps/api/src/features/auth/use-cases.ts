import {
  CURRENT_PASSWORD_WRONG,
  type DeliveryAddress,
  isAdmin,
  type LoginRequest,
  type ProfileUpdateRequest,
  type User,
} from '@shop/contracts';
import bcrypt from 'bcrypt';
import { badRequest, notFound, toAppError, unauthorized } from '../../lib/errors.js';
import { invalidToken, signToken, type TokenClaims } from '../../lib/tokens.js';
import { recordSignIn } from '../audit/index.js';
import type { PasswordCheck } from './password-guesses.js';
import {
  findCredentials,
  findPasswordHash,
  findSessionUser,
  findUser as findStoredUser,
  revokeTokens,
  type StoredUser,
  updateProfile as updateStoredProfile,
} from './repository.js';
import { checkSecondFactorAtSignIn } from './two-factor.js';

const BCRYPT_ROUNDS = 10;
const ACCOUNT_GONE = 'Unauthorized: account no longer exists';
export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_ROUNDS);
/** Compared against when the e-mail is unknown, so that login takes as long either way. */
const DUMMY_HASH = bcrypt.hashSync('no account has this password', BCRYPT_ROUNDS);

/** The user as responses show it: what the repository stores besides is left out. */
const publicUser = ({
  tokenVersion: _,
  twoFactorOn: __,
  emailConfirmed: ___,
  ...user
}: StoredUser): User => user;

/**
 * Compares the password only while the account's budget of wrong guesses (from a browser known
 * for it, that browser's own) has one left; 429 otherwise, the right password included. An
 * account with two-factor sign-in on also needs a right code, each wrong one a guess as well.
 */
export async function login(
  input: LoginRequest,
  jwtSecret: string,
  checkPassword: PasswordCheck,
  ip: string,
) {
  const found = await findCredentials(input.email);
  const signIn = { email: input.email, account: found && publicUser(found.user), ip };
  // Staff sign-ins are the audit log's, and those of no account (a staff address mistyped, or
  // someone trying addresses); a customer's are not.
  const audited = !found || isAdmin(found.user);
  let askingForCode = false;
  try {
    // An unknown e-mail spends a budget of its own, as an account would: nothing tells them apart.
    const valid = await checkPassword(
      found ? { accountId: found.user._id } : { email: input.email },
      () => bcrypt.compare(input.password, found?.passwordHash ?? DUMMY_HASH),
    );
    // One message for both cases, so the form does not reveal which e-mails exist.
    if (!found || !valid) throw unauthorized('Invalid email or password');
    if (found.user.twoFactorOn) {
      askingForCode = input.otp === undefined;
      await checkSecondFactorAtSignIn(found.user._id, input.otp, checkPassword, new Date());
    }
  } catch (error) {
    // Asking for the code is a step of a sign-in, not its failure.
    if (audited && !askingForCode) await recordSignIn(signIn, toAppError(error).message);
    throw error;
  }
  if (audited) await recordSignIn(signIn);
  return { user: publicUser(found.user), token: tokenFor(found.user, jwtSecret) };
}

const tokenFor = (user: StoredUser, jwtSecret: string) =>
  signToken(user._id, jwtSecret, user.tokenVersion);

/** The user a token was issued for, unless the account is gone or the token was revoked. */
export async function findSignedInUser({ userId, version }: TokenClaims): Promise<User> {
  const user = await findSessionUser(userId);
  if (!user) throw unauthorized(ACCOUNT_GONE);
  if (user.tokenVersion !== version) throw invalidToken();
  return publicUser(user);
}

export async function findUser(userId: string): Promise<User | null> {
  const user = await findStoredUser(userId);
  return user ? publicUser(user) : null;
}

/** Who asks, as requireSignIn found them: the account and the token version it carried. */
export interface Session {
  userId: string;
  tokenVersion: number;
}

/**
 * Updates name, phone, address and (when given, beside the current one) the password; email and
 * role never change. A new password revokes every token issued before it; the caller gets a
 * fresh one. A wrong current password spends a guess of the account's budget, as a sign-in does.
 */
export async function updateProfile(
  { userId, tokenVersion }: Session,
  { name, phone, address, password, currentPassword }: ProfileUpdateRequest,
  jwtSecret: string,
  checkPassword: PasswordCheck,
) {
  if (password) await checkCurrentPassword(userId, currentPassword ?? '', checkPassword);
  const user = await updateStoredProfile(userId, tokenVersion, {
    ...(name === undefined ? {} : { name }),
    ...(phone === undefined ? {} : { phone }),
    ...(address === undefined ? {} : { address }),
    ...(password ? { passwordHash: await hashPassword(password) } : {}),
  });
  if (!user) throw await whyNotUpdated(userId);
  return {
    updatedUser: publicUser(user),
    ...(password ? { token: tokenFor(user, jwtSecret) } : {}),
  };
}

async function checkCurrentPassword(
  userId: string,
  currentPassword: string,
  checkPassword: PasswordCheck,
) {
  const hash = await findPasswordHash(userId);
  if (!hash) throw userNotFound();
  const right = await checkPassword({ accountId: userId }, () =>
    bcrypt.compare(currentPassword, hash),
  );
  if (!right) throw badRequest(CURRENT_PASSWORD_WRONG);
}

const userNotFound = () => notFound('User not found');

/** The update matched nothing: the account is gone, or the token was revoked meanwhile. */
const whyNotUpdated = async (userId: string) =>
  (await findStoredUser(userId)) ? invalidToken() : userNotFound();

/**
 * Keeps the address a checkout was delivered to on the buyer's profile (the checkbox "Save
 * this address to my profile"), in the profile's one atomic update; false when the account
 * is gone.
 */
export async function saveDeliveryAddress(
  userId: string,
  deliveryAddress: DeliveryAddress,
): Promise<boolean> {
  const user = await findStoredUser(userId);
  if (!user) return false;
  return Boolean(await updateStoredProfile(userId, user.tokenVersion, { deliveryAddress }));
}

/** Revokes every token of the account, the one that asked included. */
export async function signOutEverywhere(userId: string): Promise<void> {
  if (!(await revokeTokens(userId))) throw unauthorized(ACCOUNT_GONE);
}

/** The admin's list of accounts: as stored, never a hash. */
export { listUsers } from './repository.js';
