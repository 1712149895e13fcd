import type { Request } from 'express';
import { unauthorized } from './errors.js';

/** The signed-in user of a route behind requireSignIn. */
export function currentUser(req: Request) {
  if (!req.user) throw unauthorized();
  return req.user;
}
