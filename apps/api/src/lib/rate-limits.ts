import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { currentUser } from './http.js';

const WINDOW_MS = 15 * 60 * 1000;

/** The e-mail a body gives, as the shop keeps it (read before the route validates the body). */
const bodyEmailKey = (req: Request) => `email ${String(req.body?.email).trim().toLowerCase()}`;

function limitPer(
  limit: number,
  keyOf: (req: Request) => string,
  skip?: (req: Request) => boolean,
): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    ...(skip ? { skip } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: keyOf,
    message: {
      success: false,
      message: 'Too many requests, please try again in 15 minutes',
    },
  });
}

/**
 * At most `limit` calls per signed-in user in 15 minutes, counted by user id (so one account
 * cannot spread its calls over addresses, and shoppers behind one address do not share a
 * budget); then 429 with `{ success: false, message }`. Goes after `signedIn`.
 */
export const perUserRateLimit = (limit: number) => limitPer(limit, (req) => currentUser(req)._id);

/**
 * The same, counted per user and client address (an IPv6 address by its /56): whoever spends
 * an account's budget from one address, with a stolen token, leaves the owner's elsewhere
 * untouched.
 */
export const perUserAndAddressRateLimit = (limit: number) =>
  limitPer(limit, (req) => `${currentUser(req)._id} ${ipKeyGenerator(req.ip ?? '')}`);

/**
 * At most `limit` calls per client address (an IPv6 address by its /56) in 15 minutes, for the
 * public calls anyone may make without signing in; then 429.
 */
export const perAddressRateLimit = (limit: number) =>
  limitPer(limit, (req) => ipKeyGenerator(req.ip ?? ''));

/**
 * For a call that a signed-in user or a guest makes (the checkout): a user's calls counted by
 * user id, as perUserRateLimit; a guest's (no user, an e-mail in the body) counted both per
 * client address and per e-mail, so that neither new addresses nor new e-mails buy a guest
 * more calls. Goes after the access check.
 */
export const perShopperRateLimit = (limit: number): RequestHandler[] => [
  limitPer(limit, (req) => req.user?._id ?? `guest ${ipKeyGenerator(req.ip ?? '')}`),
  limitPer(limit, bodyEmailKey, (req) => req.user !== undefined),
];

/**
 * At most `limit` calls per e-mail given in the body in 15 minutes, whatever the address (a
 * call that sends mail to it: nobody's inbox is flooded from many addresses).
 */
export const perBodyEmailRateLimit = (limit: number) => limitPer(limit, bodyEmailKey);
