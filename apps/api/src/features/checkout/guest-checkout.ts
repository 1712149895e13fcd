import type { Request } from 'express';
import { unauthorized } from '../../lib/errors.js';
import { accountShopper, type Shopper } from './shopper.js';

/**
 * Who checks out in a call of a `shopper` route: the signed-in account (a token wins over an
 * e-mail in the body), else the guest known by the body's e-mail.
 */
export function shopperOf(req: Request, email: string | undefined): Shopper {
  if (req.user) return accountShopper(req.user);
  if (email) return { kind: 'guest', email };
  throw unauthorized();
}
