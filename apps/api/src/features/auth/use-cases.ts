import type { LoginRequest, ProfileUpdateRequest, RegisterRequest, User } from '@shop/contracts';
import bcrypt from 'bcrypt';
import { AppError, conflict, rethrowDuplicateAs, unauthorized } from '../../lib/errors.js';
import { signToken, type TokenClaims } from '../../lib/tokens.js';
import {
  emailTaken,
  findCredentials,
  findUser as findStoredUser,
  insertUser,
  type StoredUser,
  updateProfile as updateStoredProfile,
} from './repository.js';

const BCRYPT_ROUNDS = 10;
const alreadyRegistered = () => conflict('Already registered, please login');
export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_ROUNDS);
/** Compared against when the e-mail is unknown, so that login takes as long either way. */
const DUMMY_HASH = bcrypt.hashSync('no account has this password', BCRYPT_ROUNDS);

/** The user as responses show it: what the repository stores besides is left out. */
const publicUser = ({ tokenVersion: _, ...user }: StoredUser): User => user;

/** Registers a normal user: the role is never taken from the request. */
export async function registerUser({ password, ...input }: RegisterRequest): Promise<User> {
  if (await emailTaken(input.email)) throw alreadyRegistered();
  return insertUser({ ...input, passwordHash: await hashPassword(password), role: 0 }).catch(
    rethrowDuplicateAs(alreadyRegistered),
  );
}

export async function login(input: LoginRequest, jwtSecret: string) {
  const found = await findCredentials(input.email);
  // One message for both cases, so the form does not reveal which e-mails exist.
  const valid = await bcrypt.compare(input.password, found?.passwordHash ?? DUMMY_HASH);
  if (!found || !valid) throw unauthorized('Invalid email or password');
  return { user: publicUser(found.user), token: tokenFor(found.user, jwtSecret) };
}

const tokenFor = (user: StoredUser, jwtSecret: string) =>
  signToken(user._id, jwtSecret, user.tokenVersion);

/** The user a token was issued for, unless the account is gone or the token was revoked. */
export async function findSignedInUser({ userId, version }: TokenClaims): Promise<User> {
  const user = await findStoredUser(userId);
  if (!user) throw unauthorized('Unauthorized: account no longer exists');
  if (user.tokenVersion !== version) throw unauthorized('Unauthorized: invalid or expired token');
  return publicUser(user);
}

export async function findUser(userId: string): Promise<User | null> {
  const user = await findStoredUser(userId);
  return user ? publicUser(user) : null;
}

/**
 * Updates name, phone, address and (when given) the password; email and role never change.
 * A new password revokes every token issued before it; the caller gets a fresh one.
 */
export async function updateProfile(
  userId: string,
  { name, phone, address, password }: ProfileUpdateRequest,
  jwtSecret: string,
) {
  const user = await updateStoredProfile(userId, {
    ...(name === undefined ? {} : { name }),
    ...(phone === undefined ? {} : { phone }),
    ...(address === undefined ? {} : { address }),
    ...(password ? { passwordHash: await hashPassword(password) } : {}),
  });
  if (!user) throw new AppError(404, 'User not found');
  return {
    updatedUser: publicUser(user),
    ...(password ? { token: tokenFor(user, jwtSecret) } : {}),
  };
}

/** The admin's list of accounts: as stored, never a hash. */
export { listUsers } from './repository.js';
