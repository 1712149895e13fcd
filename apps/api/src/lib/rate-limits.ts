import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { currentUser } from './http.js';

const WINDOW_MS = 15 * 60 * 1000;

function limitPer(limit: number, keyOf: (req: Request) => string): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
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
