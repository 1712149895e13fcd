import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';
import { unauthorized } from './errors.js';

/** The signed-in user of a route behind requireSignIn. */
export function currentUser(req: Request) {
  if (!req.user) throw unauthorized();
  return req.user;
}

/**
 * The client's address as the shop counts it (an IPv6 address by its /56, which one subscriber
 * often has whole), behind the proxies TRUST_PROXY names.
 */
export const clientAddressOf = (req: Request): string => ipKeyGenerator(req.ip ?? '');
