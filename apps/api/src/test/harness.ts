import { randomUUID } from 'node:crypto';
import { errorResponseSchema, type StaffRole } from '@shop/contracts';
import mongoose from 'mongoose';
import supertest from 'supertest';
import { inject } from 'vitest';
import { type AppDeps, createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { startCountingSales } from '../events.js';
import { insertUser, insertUsers } from '../features/auth/repository.js';
import { hashPassword } from '../features/auth/use-cases.js';
import { createLogger } from '../lib/logger.js';
import { signToken } from '../lib/tokens.js';
import { openThrowawayDatabase } from './throwaway-database.js';

export const TEST_JWT_SECRET = 'test-secret';

/** supertest for the app under test. */
export type Api = ReturnType<typeof supertest>;

export const testConfig = (overrides: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
    PROFILE_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '1000',
    // Every test's checkouts come from one address: a file that tests the budget says so.
    CHECKOUT_HOLD_UNITS_PER_ADDRESS: '100000',
    QUOTE_RATE_LIMIT: '100000',
    NOTIFY_ME_RATE_LIMIT: '1000',
    ...overrides,
  });

/**
 * The real app over HTTP against a database of its own (one per test file), on
 * the server chosen by the global setup.
 */
export async function startTestApp(
  overrides: Record<string, string> = {},
  deps: Pick<AppDeps, 'lookupHost'> = {},
) {
  const db = await openThrowawayDatabase('test', inject('mongoUrl'));
  const config = testConfig(overrides);
  const logger = createLogger('silent');
  const app = createApp({ config, logger, ...deps });
  // As the server does: the sales figures count the orders' events as they land.
  const counting = startCountingSales(logger);
  return {
    app,
    config,
    /** Its database, for API processes started on it. */
    databaseUrl: db.url,
    http: () => supertest(app),
    close: async () => {
      await counting.stop();
      await db.drop();
    },
  };
}

let userCounter = 0;

/** The sign-up form as the browser sends it, with an e-mail no other test uses. */
export const registrationForm = (over: Record<string, unknown> = {}) => ({
  name: 'Asha',
  email: `asha-${randomUUID().slice(0, 8)}@example.com`,
  password: 'secret123',
  phone: '555-0101',
  address: '1 Main Street',
  ...over,
});

/**
 * Creates a user straight in the database (with `email`, else one no other test uses) and signs
 * a token for it; its e-mail unconfirmed, as registering leaves it, unless `confirmed`.
 */
export async function createUser(
  opts: {
    role?: number;
    staffRole?: StaffRole;
    password?: string;
    email?: string;
    confirmed?: boolean;
  } = {},
) {
  userCounter += 1;
  const password = opts.password ?? 'secret123';
  const user = await insertUser({
    name: `User ${userCounter}`,
    email: opts.email ?? `user${userCounter}-${randomUUID().slice(0, 8)}@example.com`,
    passwordHash: await hashPassword(password),
    phone: '555-0100',
    address: `${userCounter} Test Street`,
    role: opts.role ?? 0,
    ...(opts.staffRole ? { staffRole: opts.staffRole } : {}),
    ...(opts.confirmed ? { emailConfirmedAt: new Date() } : {}),
  });
  return { id: user._id, email: user.email, password, token: signToken(user._id, TEST_JWT_SECRET) };
}

/** A staff account (role 1) of `staffRole`. */
export const createStaff = (staffRole: StaffRole) => createUser({ role: 1, staffRole });

/** An owner: what an administrator was before staff roles. */
export const createAdmin = () => createStaff('owner');

/**
 * `count` accounts straight in the database in one insert, sharing one password hash (bcrypt's
 * cost paid once, not per account), each with a token signed with `secret`; their e-mails
 * unconfirmed unless `confirmed`.
 */
export async function createAccounts(
  count: number,
  {
    role = 0,
    secret = TEST_JWT_SECRET,
    confirmed = false,
  }: { role?: number; secret?: string; confirmed?: boolean } = {},
): Promise<{ id: string; token: string; email: string }[]> {
  const passwordHash = await hashPassword('secret123');
  const emails = Array.from(
    { length: count },
    (_, i) => `buyer-${i + 1}-${randomUUID().slice(0, 8)}@example.com`,
  );
  const ids = await insertUsers(
    emails.map((email, i) => ({
      name: `Buyer ${i + 1}`,
      email,
      passwordHash,
      phone: '555-0100',
      address: `${i + 1} Checkout Street`,
      role,
      // An administrator of the tests may do everything, as before staff roles.
      staffRole: role === 1 ? 'owner' : null,
      ...(confirmed ? { emailConfirmedAt: new Date() } : {}),
    })),
  );
  return ids.map((id, i) => ({ id, token: signToken(id, secret), email: emails[i] as string }));
}

/** A token with a valid shape signed with the wrong secret. */
export const forgedToken = (userId = new mongoose.Types.ObjectId().toString()) =>
  signToken(userId, 'not-the-secret');

/** The ways a caller is not signed in: no token, or a token this API did not sign. */
export const notSignedIn = () =>
  [
    ['no token', undefined],
    ['a forged token', forgedToken()],
  ] as const;

/** The ways a caller without the admin role is turned away, and the status each gets. */
export const notAdmins = (user: { token: string }) => [
  ...notSignedIn().map(([label, token]) => [label, token, 401] as const),
  ['a normal user', user.token, 403] as const,
];

/** Sends `token` as the Authorization header, if there is one. */
export const withToken = <R extends { set: (k: string, v: string) => R }>(
  req: R,
  token?: string,
) => (token ? req.set('Authorization', token) : req);

/** An id of the right shape that names nothing. */
export const unknownId = () => new mongoose.Types.ObjectId().toString();

/** The message of an error answer, which must have the error shape. */
export const errorOf = (body: unknown) => errorResponseSchema.parse(body).message;

/**
 * The app again, on the same database but configured with only `overrides` beyond the test
 * defaults: without payment keys, or pointed at a Stripe that cannot be reached.
 */
export const appConfiguredWith = (overrides: Record<string, string> = {}) =>
  supertest(createApp({ config: testConfig(overrides), logger: createLogger('silent') }));
