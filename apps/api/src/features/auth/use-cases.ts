import {
  type ListQuery,
  type LoginRequest,
  type ProfileUpdateRequest,
  pageOffset,
  type RegisterRequest,
} from '@shop/contracts';
import bcrypt from 'bcrypt';
import { AppError, conflict, rethrowDuplicateAs, unauthorized } from '../../lib/errors.js';
import { signToken, type TokenClaims } from '../../lib/tokens.js';
import { toPublicUser, type UserDoc, UserModel } from './model.js';

const BCRYPT_ROUNDS = 10;
const alreadyRegistered = () => conflict('Already registered, please login');
export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_ROUNDS);
/** Compared against when the e-mail is unknown, so that login takes as long either way. */
const DUMMY_HASH = bcrypt.hashSync('no account has this password', BCRYPT_ROUNDS);

/** Registers a normal user: the role is never taken from the request. */
export async function registerUser(input: RegisterRequest) {
  if (await UserModel.exists({ email: input.email })) throw alreadyRegistered();
  const user = await UserModel.create({
    ...input,
    password: await hashPassword(input.password),
    role: 0,
  }).catch(rethrowDuplicateAs(alreadyRegistered));
  return toPublicUser(user.toObject() as UserDoc);
}

export async function login(input: LoginRequest, jwtSecret: string) {
  const user = await UserModel.findOne({ email: input.email }).select('+password').lean<UserDoc>();
  // One message for both cases, so the form does not reveal which e-mails exist.
  const valid = await bcrypt.compare(input.password, user?.password ?? DUMMY_HASH);
  if (!user || !valid) throw unauthorized('Invalid email or password');
  return { user: toPublicUser(user), token: tokenFor(user, jwtSecret) };
}

const tokenFor = (user: UserDoc, jwtSecret: string) =>
  signToken(String(user._id), jwtSecret, user.tokenVersion ?? 0);

/** The user a token was issued for, unless the account is gone or the token was revoked. */
export async function findSignedInUser({ userId, version }: TokenClaims) {
  const user = await UserModel.findById(userId).lean<UserDoc>();
  if (!user) throw unauthorized('Unauthorized: account no longer exists');
  if ((user.tokenVersion ?? 0) !== version) {
    throw unauthorized('Unauthorized: invalid or expired token');
  }
  return toPublicUser(user);
}

export async function findUser(userId: string) {
  const user = await UserModel.findById(userId).lean<UserDoc>();
  return user ? toPublicUser(user) : null;
}

/**
 * Updates name, phone, address and (when given) the password; email and role never change.
 * A new password revokes every token issued before it; the caller gets a fresh one.
 */
export async function updateProfile(
  userId: string,
  input: ProfileUpdateRequest,
  jwtSecret: string,
) {
  const changes: Record<string, string> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.address !== undefined) changes.address = input.address;
  if (input.password) changes.password = await hashPassword(input.password);
  // updateOne + read back: FerretDB v1 has no projection in findAndModify, and the
  // password field is always projected out.
  const revoke = changes.password ? { $inc: { tokenVersion: 1 } } : {};
  const { matchedCount } = await UserModel.updateOne({ _id: userId }, { $set: changes, ...revoke });
  const user = matchedCount ? await UserModel.findById(userId).lean<UserDoc>() : null;
  if (!user) throw new AppError(404, 'User not found');
  return {
    updatedUser: toPublicUser(user),
    ...(changes.password ? { token: tokenFor(user, jwtSecret) } : {}),
  };
}

export async function listUsers(query: ListQuery) {
  const [users, total] = await Promise.all([
    UserModel.find()
      .sort({ createdAt: -1, _id: -1 })
      .skip(pageOffset(query))
      .limit(query.perPage)
      .lean<UserDoc[]>(),
    UserModel.countDocuments(),
  ]);
  return { users: users.map(toPublicUser), total };
}
