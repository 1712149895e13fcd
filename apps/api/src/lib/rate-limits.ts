import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { currentUser } from './http.js';

const WINDOW_MS = 15 * 60 * 1000;

/**
 * At most `limit` calls per signed-in user in 15 minutes, counted by user id (so one account
 * cannot spread its calls over addresses, and shoppers behind one address do not share a
 * budget); then 429 with `{ success: false, message }`. Goes after `signedIn`.
 */
export function perUserRateLimit(limit: number): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => currentUser(req)._id,
    message: {
      success: false,
      message: 'Too many requests, please try again in 15 minutes',
    },
  });
}
