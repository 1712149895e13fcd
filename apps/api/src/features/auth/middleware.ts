import { isAdmin, staffMay, type User } from '@shop/contracts';
import { SET_UP_TWO_FACTOR } from '@shop/contracts/two-factor';
import type { Request, RequestHandler } from 'express';
import { AppError, forbidden, unauthorized } from '../../lib/errors.js';
import { currentUser } from '../../lib/http.js';
import type { StaffAccess } from '../../lib/route.js';
import { verifyToken } from '../../lib/tokens.js';
import { mustSetUpTwoFactor } from './two-factor.js';
import { findSignedInUser, type Session } from './use-cases.js';

declare global {
  namespace Express {
    interface Request {
      user?: User;
      /** The token version the request's token carried (the account's, when it was checked). */
      tokenVersion?: number;
    }
  }
}

/** Lets the request through only with a valid, unrevoked token of a user that still exists. */
export const requireSignIn =
  (jwtSecret: string): RequestHandler =>
  async (req, _res, next) => {
    const claims = verifyToken(req.headers.authorization, jwtSecret);
    req.user = await findSignedInUser(claims);
    req.tokenVersion = claims.version;
    next();
  };

/**
 * A checkout's caller: signed in, as `signedIn` checks, whenever an `Authorization` header is
 * sent (a bad token is 401 even with an e-mail); without one, a guest, let through when the
 * body gives an `email` (its route validates it), else 401 as for any signed-in call.
 */
export const requireSignInOrGuestEmail =
  (signedIn: RequestHandler): RequestHandler =>
  (req, res, next) => {
    const guest = req.headers.authorization === undefined && req.body?.email !== undefined;
    // Returned: Express 5 turns the sign-in's rejection into the error answer.
    return guest ? next() : signedIn(req, res, next);
  };

/**
 * For a public route that answers a signed-in shopper differently (the quote's discounts):
 * the user when a token is sent (refused like requireSignIn when it is not valid), else none.
 */
export const allowSignIn =
  (jwtSecret: string): RequestHandler =>
  async (req, res, next) => {
    if (req.headers.authorization) await requireSignIn(jwtSecret)(req, res, next);
    else next();
  };

/** A staff account's role that may not do what it asked. */
export const roleCannot = (staffRole: string | null, what: string) =>
  forbidden(`Your staff role (${staffRole ?? 'none'}) cannot ${what}`);

/**
 * Staff of the roles named (an owner always). Role and staff role are read from the database on
 * every call (requireSignIn's read), never from the token: a change applies to the next call.
 */
export const requireStaff =
  ({ staff, to }: StaffAccess): RequestHandler =>
  (req, _res, next) => {
    if (!isAdmin(req.user)) throw forbidden();
    if (!staffMay(req.user, staff)) throw roleCannot(req.user?.staffRole ?? null, to);
    next();
  };

/**
 * The calls a staff account that must set up two-factor sign-in may still make: setting it up,
 * reading whether it is on, checking its token and signing out (by the declared path, which
 * routerOf notes before the access checks).
 */
const ALLOWED_BEFORE_TWO_FACTOR = new Set([
  '/api/v1/auth/2fa',
  '/api/v1/auth/2fa/setup',
  '/api/v1/auth/2fa/enable',
  '/api/v1/auth/user-auth',
  '/api/v1/auth/sign-out-everywhere',
]);

/**
 * After the sign-in check: while the store requires it (`storeRequiresIt`), a staff account
 * without two-factor sign-in gets 403 `twoFactorSetupRequired` for every other call.
 */
export const requireTwoFactorWhereRequired =
  (storeRequiresIt: () => Promise<boolean>): RequestHandler =>
  async (req, res, next) => {
    const { user } = req;
    const allowed = ALLOWED_BEFORE_TWO_FACTOR.has(String(res.locals.route));
    if (user && !allowed && (await mustSetUpTwoFactor(user, storeRequiresIt))) {
      throw new AppError(403, SET_UP_TWO_FACTOR, { twoFactorSetupRequired: true });
    }
    next();
  };

/** The session of a route behind requireSignIn. */
export function currentSession(req: Request): Session {
  if (req.tokenVersion === undefined) throw unauthorized();
  return { userId: currentUser(req)._id, tokenVersion: req.tokenVersion };
}
