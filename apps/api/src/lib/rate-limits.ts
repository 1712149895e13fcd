import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import { currentUser } from './http.js';
import { mailboxOf } from './mailbox.js';
import { SharedBudgetStore } from './shared-budgets.js';

/**
 * The rate limits of the API. Each is a budget of calls in 15 minutes kept in the database
 * (./shared-budgets.ts), so every API process spends from the same one; past it, 429 with
 * `{ success: false, message }` and the `RateLimit` headers (IETF draft 8). A budget is named
 * once, where its route declares it, and the same name is the same budget in every process.
 */

const WINDOW_MS = 15 * 60 * 1000;

export const TOO_MANY_REQUESTS = 'Too many requests, please try again in 15 minutes';

/** The mailbox a body's e-mail reaches (read before the route validates the body). */
const bodyEmailKey = (req: Request) => `email ${mailboxOf(String(req.body?.email))}`;

/** A client address, an IPv6 one by its /56. */
const addressKey = (req: Request) => ipKeyGenerator(req.ip ?? '');

function limitPer(
  name: string,
  limit: number,
  keyOf: (req: Request) => string,
  {
    skip,
    message = TOO_MANY_REQUESTS,
  }: { skip?: (req: Request) => boolean; message?: string } = {},
): RequestHandler {
  return rateLimit({
    windowMs: WINDOW_MS,
    limit,
    ...(skip ? { skip } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: keyOf,
    store: new SharedBudgetStore(name),
    message: { success: false, message },
  });
}

/**
 * At most `limit` calls per signed-in user and client address in 15 minutes: whoever spends an account's budget from one
 * address, with a stolen token, leaves the owner's elsewhere untouched.
 */
export const perUserAndAddressRateLimit = (name: string, limit: number) =>
  limitPer(name, limit, (req) => `${currentUser(req)._id} ${addressKey(req)}`);

/**
 * At most `limit` calls per client address in 15 minutes, for the public calls anyone may make
 * without signing in; then 429 (with `message`, when the call has words of its own).
 */
export const perAddressRateLimit = (name: string, limit: number, message?: string) =>
  limitPer(name, limit, addressKey, message ? { message } : {});

/**
 * For a call that a signed-in user or a guest makes (the checkout): a user's calls counted by
 * user id (so one account cannot spread its calls over addresses, and shoppers behind one
 * address do not share a budget); a guest's (no user, an e-mail in the body) counted both per
 * client address and per mailbox, so that neither new addresses nor new spellings of one
 * address buy a guest more calls. Goes after the access check.
 */
export const perShopperRateLimit = (name: string, limit: number): RequestHandler[] => [
  limitPer(name, limit, (req) => req.user?._id ?? `guest ${addressKey(req)}`),
  limitPer(`${name} per e-mail`, limit, bodyEmailKey, { skip: (req) => req.user !== undefined }),
];

/**
 * At most `limit` calls per mailbox given in the body in 15 minutes, whatever the address or
 * the spelling (a call that sends mail to it: nobody's inbox is flooded from many addresses).
 */
export const perBodyEmailRateLimit = (name: string, limit: number) =>
  limitPer(name, limit, bodyEmailKey);
