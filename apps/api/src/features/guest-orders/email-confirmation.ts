import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@shop/contracts';
import { badRequest } from '../../lib/errors.js';
import { publish } from '../../lib/outbox/index.js';
import { giveGuestOrdersTo, hasUnclaimedGuestOrders } from '../orders/index.js';
import { EMAIL_CONFIRMATION_ASKED, type EmailConfirmationAsked } from './letters.js';
import {
  insertEmailConfirmation,
  reopenEmailConfirmation,
  spendEmailConfirmation,
} from './repository.js';

/** How long a confirmation link works. */
export const CONFIRMATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

const linkNotValid = () => badRequest('This link is not valid or has expired');

/**
 * After a registration: when the new account's e-mail placed guest orders, it is sent a link
 * (a one-time token of 256 random bits, kept here only as its hash) that confirms the address
 * and so claims them. Nothing is claimed before: whoever registers with someone else's e-mail
 * cannot read it.
 */
export async function offerGuestOrders(user: User): Promise<void> {
  if (!(await hasUnclaimedGuestOrders(user.email))) return;
  const token = randomBytes(32).toString('base64url');
  await insertEmailConfirmation({
    hash: digest(token),
    userId: user._id,
    email: user.email,
    expiresAt: new Date(Date.now() + CONFIRMATION_LIFETIME_MS),
  });
  await publish<EmailConfirmationAsked>({
    type: EMAIL_CONFIRMATION_ASKED,
    payload: { to: user.email, token },
  });
}

/**
 * Confirms the e-mail of the link's token, once (the one update that marks it used decides
 * which of two uses wins; expired or used: 400), and makes the account the buyer of that
 * e-mail's guest orders, atomically per order. How many it claimed. Should claiming fail, the
 * token is left usable, so that opening the link again finishes it.
 */
export async function confirmEmail(token: string): Promise<number> {
  const hash = digest(token);
  const confirmation = await spendEmailConfirmation(hash, new Date());
  if (!confirmation) throw linkNotValid();
  try {
    return await giveGuestOrdersTo(confirmation.email, confirmation.userId);
  } catch (err) {
    await reopenEmailConfirmation(hash);
    throw err;
  }
}
