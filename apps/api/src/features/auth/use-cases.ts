import {
  type ListQuery,
  type LoginRequest,
  type ProfileUpdateRequest,
  pageOffset,
  type RegisterRequest,
} from '@shop/contracts';
import bcrypt from 'bcrypt';
import { AppError, conflict, rethrowDuplicateAs, unauthorized } from '../../lib/errors.js';
import { signToken } from '../../lib/tokens.js';
import { toPublicUser, type UserDoc, UserModel } from './model.js';

const BCRYPT_ROUNDS = 10;
const alreadyRegistered = () => conflict('Already registered, please login');
export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_ROUNDS);

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
  const valid = user ? await bcrypt.compare(input.password, user.password) : false;
  if (!user || !valid) throw unauthorized('Invalid email or password');
  return { user: toPublicUser(user), token: signToken(String(user._id), jwtSecret) };
}

export async function findUser(userId: string) {
  const user = await UserModel.findById(userId).lean<UserDoc>();
  return user ? toPublicUser(user) : null;
}

/** Updates name, phone, address and (when given) the password; email and role never change. */
export async function updateProfile(userId: string, input: ProfileUpdateRequest) {
  const changes: Record<string, string> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.phone !== undefined) changes.phone = input.phone;
  if (input.address !== undefined) changes.address = input.address;
  if (input.password) changes.password = await hashPassword(input.password);
  // updateOne + read back: FerretDB v1 has no projection in findAndModify, and the
  // password field is always projected out.
  const { matchedCount } = await UserModel.updateOne({ _id: userId }, { $set: changes });
  const user = matchedCount ? await UserModel.findById(userId).lean<UserDoc>() : null;
  if (!user) throw new AppError(404, 'User not found');
  return toPublicUser(user);
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
