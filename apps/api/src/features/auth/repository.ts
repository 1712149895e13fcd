import {
  ADMIN_ROLE,
  type DeliveryAddress,
  type ListQuery,
  pageOffset,
  type StaffRole,
  type User,
} from '@shop/contracts';
import { LRUCache } from 'lru-cache';
import mongoose from 'mongoose';
import { toDeliveryAddress } from '../../lib/delivery-address-model.js';
import { isDuplicateKeyError } from '../../lib/errors.js';
import { literally } from '../../lib/literal-pattern.js';
import { TakeOverModel, type UserDoc, UserModel } from './model.js';
import { announceSessionChange, watchSessionChanges } from './session-changes.js';

/**
 * The accounts as stored: the only module that reads or writes them. The password hash leaves
 * it only for the login's comparison (findCredentials).
 */

/** A user with what checking a token needs besides what responses show. */
export interface StoredUser extends User {
  tokenVersion: number;
  /** Whether the account signs in with a second factor. */
  twoFactorOn: boolean;
  /** Whether its e-mail is proven its own (see isEmailConfirmed). */
  emailConfirmed: boolean;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  phone: string;
  address: string;
  role: number;
  staffRole?: StaffRole | null;
  /** When the owner of its e-mail proved to hold it; absent until they do. */
  emailConfirmedAt?: Date;
}

/** What a profile update may change; a new password hash also revokes the tokens issued before. */
export interface ProfileChanges {
  name?: string;
  phone?: string;
  address?: string;
  deliveryAddress?: DeliveryAddress;
  passwordHash?: string;
}

export const toUser = (user: UserDoc): User => ({
  _id: String(user._id),
  name: user.name,
  email: user.email,
  phone: user.phone,
  address: user.address,
  role: user.role ?? 0,
  staffRole: user.role === ADMIN_ROLE ? (user.staffRole ?? null) : null,
  ...(user.deliveryAddress ? { deliveryAddress: toDeliveryAddress(user.deliveryAddress) } : {}),
});

const toStoredUser = (user: UserDoc): StoredUser => ({
  ...toUser(user),
  tokenVersion: user.tokenVersion ?? 0,
  twoFactorOn: Boolean(user.twoFactor),
  emailConfirmed: Boolean(user.emailConfirmedAt) || user.role === ADMIN_ROLE,
});

const toDocument = ({ passwordHash, ...user }: NewUser) => ({ ...user, password: passwordHash });

export async function findUser(id: string): Promise<StoredUser | null> {
  const user = await UserModel.findById(id).lean<UserDoc>();
  return user ? toStoredUser(user) : null;
}

/**
 * The accounts that signed-in requests named lately, each kept for SESSION_KEPT_MS: every
 * request checks its token against its account (gone, revoked, its role), and a shopper's
 * checkout makes three requests in a row. A change made in this process is seen at once (every
 * write below forgets the account); one made in another process within a poll of the accounts
 * changed (./session-changes.ts: every write below announces it), or, should its writer die
 * between its write and its announcement, once the keeping runs out. A read that a forgetting
 * overtook is answered but not kept: it may hold the account as it was before the change. Kept
 * by database, since a test process opens several.
 */
export const SESSION_KEPT_MS = 10_000;
const sessionUsers = new LRUCache<string, StoredUser>({ max: 10_000, ttl: SESSION_KEPT_MS });
const sessionKey = (id: string) => `${mongoose.connection.name}:${id}`;
/** How many forgettings this process made; for each account kept lately, the number of its last. */
let forgettings = 0;
const lastForgotten = new LRUCache<string, number>({ max: 10_000, ttl: SESSION_KEPT_MS });
let watching = false;

/** Forgets the account here only (a change this process made, or another announced). */
const forgetHere = (id: string) => {
  forgettings += 1;
  lastForgotten.set(sessionKey(id), forgettings);
  sessionUsers.delete(sessionKey(id));
};

/**
 * For the writes of an account's sign-in, role and profile (here, ./second-factors.ts,
 * ./staff-repository.ts), after the write: forgotten here at once, and in the other processes
 * within their next poll.
 */
export async function forgetSession(id: string): Promise<void> {
  forgetHere(id);
  await announceSessionChange(id);
}

/** The account a signed-in request names, as kept (see above) or read. */
export async function findSessionUser(id: string): Promise<StoredUser | null> {
  const key = sessionKey(id);
  const kept = sessionUsers.get(key);
  if (kept) return kept;
  if (!watching) {
    watching = true;
    watchSessionChanges(forgetHere);
  }
  const before = forgettings;
  const user = await findUser(id);
  if (user && (lastForgotten.get(key) ?? 0) <= before) sessionUsers.set(key, user);
  return user;
}

/** The user with this e-mail and their password hash, for signing in. */
export async function findCredentials(
  email: string,
): Promise<{ user: StoredUser; passwordHash: string } | null> {
  const user = await UserModel.findOne({ email }).lean<UserDoc>();
  return user ? { user: toStoredUser(user), passwordHash: user.password } : null;
}

export const emailTaken = async (email: string) => Boolean(await UserModel.exists({ email }));

export const hasUsers = async () => Boolean(await UserModel.exists({}));

/** How many accounts have this e-mail (all of them without one). */
export const countUsers = (by: { email?: string } = {}) => UserModel.countDocuments(by);

/** Throws a duplicate-key error when the e-mail is taken. */
export async function insertUser(user: NewUser): Promise<User> {
  return toUser((await UserModel.create(toDocument(user))).toObject<UserDoc>());
}

/** Several at once; their ids in order. */
export async function insertUsers(users: readonly NewUser[]): Promise<string[]> {
  return (await UserModel.insertMany(users.map(toDocument))).map((user) => String(user._id));
}

/**
 * Inserts the account unless one has its e-mail (which is left exactly as it is, password
 * and role included); the account's id and whether it was inserted.
 */
export async function insertUserIfMissing(
  user: NewUser,
): Promise<{ id: string; inserted: boolean }> {
  const now = new Date();
  // No automatic timestamps: they would $set updatedAt on an account that exists.
  const { upsertedCount } = await UserModel.updateOne(
    { email: user.email },
    { $setOnInsert: { ...toDocument(user), createdAt: now, updatedAt: now } },
    { upsert: true, timestamps: false },
  );
  const stored = await UserModel.findOne({ email: user.email }).select('_id').lean();
  return { id: String(stored?._id), inserted: upsertedCount > 0 };
}

/**
 * Changes the profile in one atomic update and answers the account as it is after it, or null
 * when it does not exist or its token version is no longer `tokenVersion` (the token that asked
 * was revoked meanwhile): a concurrent update never gets an old hash or token version written
 * back, and a revoked token changes nothing. A new password hash raises the token version in the
 * same update.
 */
export async function updateProfile(
  id: string,
  tokenVersion: number,
  { passwordHash, ...fields }: ProfileChanges,
): Promise<StoredUser | null> {
  const user = await UserModel.findOneAndUpdate(
    { _id: id, tokenVersion: stillAt(tokenVersion) },
    {
      $set: { ...fields, ...(passwordHash ? { password: passwordHash } : {}) },
      ...(passwordHash ? { $inc: { tokenVersion: 1 } } : {}),
    },
    { new: true },
  ).lean<UserDoc>();
  await forgetSession(id);
  return user ? toStoredUser(user) : null;
}

/**
 * Matches a token version not raised past `version`: versions only grow, so it is `version`
 * itself, or no version at all on an account stored before versions existed (read as 0).
 */
const stillAt = (version: number) => ({ $not: { $gt: version } });

/** The password hash of the account, for checking the current password before a change. */
export async function findPasswordHash(id: string): Promise<string | null> {
  const user = await UserModel.findById(id).select('password').lean<Pick<UserDoc, 'password'>>();
  return user?.password ?? null;
}

/** Raises the account's token version, revoking every token issued so far; false when it is gone. */
export async function revokeTokens(id: string): Promise<boolean> {
  const { matchedCount } = await UserModel.updateOne({ _id: id }, { $inc: { tokenVersion: 1 } });
  await forgetSession(id);
  return matchedCount > 0;
}

/** An account whose e-mail no owner confirmed yet (nor an administrator's, set in the database). */
const UNCONFIRMED = { emailConfirmedAt: { $exists: false }, role: { $ne: ADMIN_ROLE } };

/**
 * Whether the account's e-mail is proven its own: its owner confirmed it, or it is an
 * administrator's (set in the database). Read as the request's session is (kept a second, see
 * findSessionUser), so a signed-in checkout asks the database nothing more for it.
 */
export async function isEmailConfirmed(id: string): Promise<boolean> {
  return (await findSessionUser(id))?.emailConfirmed ?? false;
}

/**
 * Records that the owner of the account's e-mail proved to hold it, unless that was recorded
 * before; signing in is not changed.
 */
export async function confirmEmailOf(id: string, email: string, now: Date): Promise<void> {
  await UserModel.updateOne(
    { _id: id, email, emailConfirmedAt: { $exists: false } },
    { $set: { emailConfirmedAt: now } },
  );
  await forgetSession(id);
}

/** The id of the account holding this e-mail, when its mailbox's owner may take it over. */
export async function findAccountToTakeOver(email: string): Promise<string | null> {
  const user = await UserModel.findOne({ email, ...UNCONFIRMED })
    .select('_id')
    .lean();
  return user ? String(user._id) : null;
}

/** A take-over link as kept: by the hash of its token, for one account. */
export interface TakeOverOffer {
  userId: string;
  hash: string;
  email: string;
  sentAt: Date;
  expiresAt: Date;
}

/**
 * Keeps the offer, replacing the account's previous one unless that was sent after
 * `notSentSince`: whether it was kept (of two at once, one is), so that its letter is sent.
 */
export async function recordTakeOverOffer(
  { userId, ...offer }: TakeOverOffer,
  notSentSince: Date,
): Promise<boolean> {
  try {
    // A recent offer is not matched, so the upsert inserts its _id again, which the index refuses.
    await TakeOverModel.updateOne(
      { _id: userId, sentAt: { $lte: notSentSince } },
      { $set: { ...offer, usedAt: null } },
      { upsert: true },
    );
    return true;
  } catch (err) {
    if (isDuplicateKeyError(err)) return false;
    throw err;
  }
}

const pendingOffer = (hash: string, now: Date) => ({
  hash,
  usedAt: null,
  expiresAt: { $gt: now },
});

/**
 * Marks the take-over link used if it is neither used, replaced nor expired: its offer, for the
 * one call that did; null otherwise.
 */
export async function spendTakeOver(
  hash: string,
  now: Date,
): Promise<Omit<TakeOverOffer, 'hash' | 'expiresAt'> | null> {
  const found = await TakeOverModel.findOneAndUpdate(pendingOffer(hash, now), {
    $set: { usedAt: now },
  }).lean();
  return found ? { userId: String(found._id), email: found.email, sentAt: found.sentAt } : null;
}

/** The account a take-over link neither used, replaced nor expired was sent for. */
export async function findPendingTakeOver(hash: string, now: Date): Promise<string | null> {
  const found = await TakeOverModel.findOne(pendingOffer(hash, now)).select('_id').lean();
  return found ? String(found._id) : null;
}

/**
 * Gives the account a new password, confirms its e-mail and revokes every token issued so far,
 * in one update made only while it holds `email` unconfirmed: false when it is gone, or its
 * e-mail was confirmed meanwhile.
 */
export async function takeOverAccount(
  id: string,
  email: string,
  passwordHash: string,
  now: Date,
): Promise<boolean> {
  const { matchedCount } = await UserModel.updateOne(
    { _id: id, email, ...UNCONFIRMED },
    { $set: { password: passwordHash, emailConfirmedAt: now }, $inc: { tokenVersion: 1 } },
  );
  await forgetSession(id);
  return matchedCount > 0;
}

/** One page of the accounts, newest first, and how many there are. */
export async function listUsers(query: ListQuery): Promise<{ users: User[]; total: number }> {
  const [users, total] = await Promise.all([
    UserModel.find()
      .sort({ createdAt: -1, _id: -1 })
      .skip(pageOffset(query))
      .limit(query.perPage)
      .lean<UserDoc[]>(),
    UserModel.countDocuments(),
  ]);
  return { users: users.map(toUser), total };
}

/** The names of the accounts, by id (an account deleted since is missing). */
export async function findUserNames(ids: readonly string[]): Promise<Map<string, string>> {
  const users = await UserModel.find({ _id: { $in: ids } })
    .select('name')
    .lean<UserDoc[]>();
  return new Map(users.map((user) => [String(user._id), user.name]));
}

/** The names and e-mails of the accounts, by id (an account deleted since is missing). */
export async function findUserContacts(
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  const users = await UserModel.find({ _id: { $in: ids } })
    .select('name email')
    .lean<UserDoc[]>();
  return new Map(users.map((user) => [String(user._id), { name: user.name, email: user.email }]));
}

/**
 * The ids of at most `limit` accounts whose e-mail or name holds `text`, in any case (taken
 * literally: `.` is a dot).
 */
export async function findUserIdsMatching(text: string, limit: number): Promise<string[]> {
  const pattern = { $regex: literally(text), $options: 'i' };
  const users = await UserModel.find({ $or: [{ email: pattern }, { name: pattern }] }, { _id: 1 })
    .limit(limit)
    .lean<{ _id: unknown }[]>();
  return users.map((user) => String(user._id));
}

export async function deleteUser(id: string): Promise<void> {
  await UserModel.deleteOne({ _id: id });
  await forgetSession(id);
}
