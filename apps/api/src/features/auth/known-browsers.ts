import { createHmac, randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import type { KnownBrowser } from './password-guesses.js';

/**
 * The cookie by which a browser that signed in to an account is known again: signed by the
 * server, so that nobody can name an account in it without having signed in to it from that
 * browser; httpOnly, so that no script reads it. Only the sign-in and the profile read it.
 */
const COOKIE = 'known_browser';
const COOKIE_PATH = '/api/v1/auth';
/** A year: an owner's own browser stays known between visits (browsers cap it at 400 days). */
const LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;
/** Enough for a household's shared browser, and the cookie stays small. */
const MAX_ACCOUNTS = 10;

const cookieSchema = z.object({
  id: z.uuid(),
  accounts: z.array(z.string()).max(MAX_ACCOUNTS),
});

export interface KnownBrowsers {
  /** Reads the request's cookies, verifying the signed ones: before `of` and `remember`. */
  read: RequestHandler;
  /** The browser the request comes from; a new one (known for no account) without a valid cookie. */
  of: (req: Request) => KnownBrowser;
  /** After a right password: the browser is known for `accountId` from now on. */
  remember: (req: Request, res: Response, browser: KnownBrowser, accountId: string) => void;
}

export function knownBrowsers(jwtSecret: string): KnownBrowsers {
  // A key of its own, derived from the server's secret: the cookie's HMAC never doubles as a
  // token's signature (both are HMAC-SHA256 under the secret otherwise).
  const key = createHmac('sha256', jwtSecret).update('known-browser cookie').digest('base64url');
  return {
    read: cookieParser(key),
    of: (req) => {
      const parsed = cookieSchema.safeParse(req.signedCookies?.[COOKIE]);
      return parsed.success ? parsed.data : { id: randomUUID(), accounts: [] };
    },
    remember: (req, res, browser, accountId) => {
      const others = browser.accounts.filter((account) => account !== accountId);
      res.cookie(
        COOKIE,
        { id: browser.id, accounts: [accountId, ...others].slice(0, MAX_ACCOUNTS) },
        {
          signed: true,
          httpOnly: true,
          sameSite: 'lax',
          secure: req.secure,
          path: COOKIE_PATH,
          maxAge: LIFETIME_MS,
        },
      );
    },
  };
}
