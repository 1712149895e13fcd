import { ADMIN_ROLE, type User } from '@shop/contracts';
import type { RequestHandler } from 'express';
import { forbidden } from '../../lib/errors.js';
import { verifyToken } from '../../lib/tokens.js';
import { findSignedInUser } from './use-cases.js';

declare global {
  namespace Express {
    interface Request {
      user?: User;
    }
  }
}

/** Lets the request through only with a valid, unrevoked token of a user that still exists. */
export const requireSignIn =
  (jwtSecret: string): RequestHandler =>
  async (req, _res, next) => {
    req.user = await findSignedInUser(verifyToken(req.headers.authorization, jwtSecret));
    next();
  };

/** Role is read from the database on every call, never from the token. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (req.user?.role !== ADMIN_ROLE) throw forbidden();
  next();
};
