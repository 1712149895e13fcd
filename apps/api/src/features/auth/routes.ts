import {
  allUsersResponseSchema,
  authCheckResponseSchema,
  errorResponseSchema,
  listQuerySchema,
  loginErrorSchema,
  loginRequestSchema,
  loginResponseSchema,
  profileUpdateErrorSchema,
  profileUpdateRequestSchema,
  profileUpdateResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  staffCheckResponseSchema,
  type User,
} from '@shop/contracts';
import {
  signOutEverywhereResponseSchema,
  TAKEN_OVER,
  type TakeOverResponse,
  takeOverRequestSchema,
  takeOverResponseSchema,
} from '@shop/contracts/account';
import type { ErrorRequestHandler } from 'express';
import { z } from 'zod';
import { AppError, toAppError } from '../../lib/errors.js';
import { currentUser } from '../../lib/http.js';
import { perAddressRateLimit, perUserAndAddressRateLimit } from '../../lib/rate-limits.js';
import { defineRoute } from '../../lib/route.js';
import { knownBrowsers } from './known-browsers.js';
import { currentSession } from './middleware.js';
import { passwordGuessBudget } from './password-guesses.js';
import { registerUser, type TakenOver, takeOver } from './registration.js';
import { staffRoutes } from './staff-routes.js';
import { type TwoFactorRoutesOptions, twoFactorRoutes } from './two-factor-routes.js';
import { listUsers, login, signOutEverywhere, updateProfile } from './use-cases.js';

export interface AuthRoutesOptions
  extends Pick<TwoFactorRoutesOptions, 'issuer' | 'staffTwoFactorRequired'> {
  jwtSecret: string;
  /** Login and register attempts allowed per client address in 15 minutes. */
  authRateLimit: number;
  /**
   * Profile updates allowed per user and client address in 15 minutes: the guesses at the current
   * password a stolen token gets, without locking the owner, elsewhere, out of changing it.
   */
  profileRateLimit: number;
  /**
   * Wrong passwords allowed per account in 15 minutes, from every address together (sign-ins and
   * password changes); a browser that signed in to the account before has a budget of its own.
   */
  passwordGuessLimit: number;
  /** After an account is registered (guest orders offer it their e-mail's confirmation). */
  onRegistered: (user: User) => Promise<void>;
  /** After the owner of its e-mail took an account over (its mailbox's guest orders become its). */
  onTakenOver: (account: TakenOver) => Promise<unknown>;
}

/** The profile screen reads a refusal's reason from `error` as well as `message`. */
const reasonAlsoInErrorField: ErrorRequestHandler = (err, _req, _res, next) => {
  const appError = toAppError(err);
  next(
    appError.status >= 500
      ? err
      : new AppError(appError.status, appError.message, { error: appError.message }),
  );
};

export function authRoutes({
  jwtSecret,
  authRateLimit,
  profileRateLimit,
  passwordGuessLimit,
  onRegistered,
  onTakenOver,
  issuer,
  staffTwoFactorRequired,
}: AuthRoutesOptions) {
  const guesses = passwordGuessBudget(passwordGuessLimit);
  const browsers = knownBrowsers(jwtSecret);
  // One budget for both calls: registering is no way around the sign-in's.
  const attempts = perAddressRateLimit(
    'sign-in attempts',
    authRateLimit,
    'Too many attempts, please try again in 15 minutes',
  );

  return [
    ...twoFactorRoutes({ issuer, staffTwoFactorRequired, guesses, browsers }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/register',
      access: 'public',
      summary: 'Register an account',
      middleware: [attempts],
      body: { json: registerRequestSchema },
      responses: { 201: { description: 'Registered', body: registerResponseSchema } },
      failures: [400, 409, 413, 429, 503],
      handler: async ({ body }, _req, res) => {
        const user = await registerUser(body);
        await onRegistered(user);
        res.status(201).json({ success: true, message: 'User Register Successfully', user });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/take-over',
      access: 'public',
      summary:
        'Set the password of the account holding one’s e-mail unconfirmed, by the token of the link e-mailed to it: the account is the caller’s, its other sessions signed out',
      middleware: [attempts],
      body: { json: takeOverRequestSchema },
      responses: { 200: takeOverResponseSchema },
      failures: [400, 413, 429],
      handler: async ({ body }, _req, res) => {
        await onTakenOver(await takeOver(body));
        res.json({ success: true, message: TAKEN_OVER } satisfies TakeOverResponse);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/login',
      access: 'public',
      summary:
        'Sign in (the browser is then known to the account, by a cookie); an account with two-factor sign-in on also sends a code (`otp`), else 401 `twoFactorRequired`',
      middleware: [attempts, browsers.read],
      body: { json: loginRequestSchema },
      responses: { 200: loginResponseSchema },
      failures: [400, 401, 413, 429, 503],
      failureBody: loginErrorSchema.extend({ errors: errorResponseSchema.shape.errors }),
      handler: async ({ body }, req, res) => {
        const browser = browsers.of(req);
        const session = await login(body, jwtSecret, guesses.from(browser), req.ip ?? '');
        browsers.remember(req, res, browser, session.user._id);
        res.json({ success: true, message: 'login successfully', ...session });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/user-auth',
      access: 'user',
      summary: 'Whether the token is valid',
      responses: { 200: authCheckResponseSchema },
      failures: [],
      handler: (_input, _req, res) => {
        res.json({ ok: true });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/admin-auth',
      access: { staff: ['catalogue', 'fulfilment', 'support'], to: 'open the dashboard' },
      summary: 'Whether the token is a staff account’s (any staff role), and its staff role now',
      responses: { 200: staffCheckResponseSchema },
      failures: [],
      handler: (_input, req, res) => {
        res.json({ ok: true, staffRole: currentUser(req).staffRole });
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/v1/auth/profile',
      access: 'user',
      summary: 'Update one’s profile (an empty password keeps it; a new one needs the current one)',
      middleware: [perUserAndAddressRateLimit('profile updates', profileRateLimit), browsers.read],
      body: { json: profileUpdateRequestSchema },
      responses: { 200: profileUpdateResponseSchema },
      failures: [400, 404, 413, 429],
      // `error` is absent when the body could not be read or the rate limit answered.
      failureBody: profileUpdateErrorSchema.extend({ error: z.string().optional() }),
      onError: reasonAlsoInErrorField,
      handler: async ({ body }, req, res) => {
        const browser = browsers.of(req);
        const session = currentSession(req);
        const updated = await updateProfile(session, body, jwtSecret, guesses.from(browser));
        // A new password was given beside the right current one: as good as a sign-in.
        if (updated.token) browsers.remember(req, res, browser, session.userId);
        res.json({ success: true, message: 'Profile Updated Successfully', ...updated });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/sign-out-everywhere',
      access: 'user',
      summary: 'Revoke every token of one’s account, this one included',
      responses: { 200: signOutEverywhereResponseSchema },
      failures: [],
      handler: async (_input, req, res) => {
        await signOutEverywhere(currentUser(req)._id);
        res.json({ success: true, message: 'Signed out everywhere' });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/all-users',
      access: { staff: ['support'], to: 'read the customers' },
      summary: 'All users, newest first',
      query: listQuerySchema(),
      responses: { 200: allUsersResponseSchema },
      failures: [400],
      handler: async ({ query }, _req, res) => {
        res.json({ success: true, ...(await listUsers(query)) });
      },
    }),
    ...staffRoutes(attempts),
  ];
}
