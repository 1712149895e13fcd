import type { User } from '@shop/contracts';
import { badRequest, forbidden } from '../../lib/errors.js';
import { digestOfLinkToken, newLinkToken } from '../../lib/link-tokens.js';
import { publish } from '../../lib/outbox/index.js';
import { confirmAccountEmail } from '../auth/index.js';
import { giveGuestOrdersTo, hasUnclaimedGuestOrders } from '../orders/index.js';
import { EMAIL_CONFIRMATION_ASKED, type EmailConfirmationAsked } from './letters.js';
import {
  findPendingConfirmation,
  insertEmailConfirmation,
  reopenEmailConfirmation,
  spendEmailConfirmation,
} from './repository.js';

/** How long a confirmation link works. */
export const CONFIRMATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

const linkNotValid = () => badRequest('This link is not valid or has expired');
const sentForAnotherAccount = () =>
  forbidden('This link was sent for another account: sign in to that account to use it');

/**
 * After a registration: when the new account's mailbox placed guest orders, it is sent a link
 * (a one-time token, kept here only as its hash) that the account, signed in, uses to confirm
 * the address and so claim them. Whoever registers with someone else's e-mail never holds the
 * link, and its owner, pressing it, cannot sign in as their account.
 */
export async function offerGuestOrders(user: User): Promise<void> {
  if (!(await hasUnclaimedGuestOrders(user.email))) return;
  const token = newLinkToken();
  const sentAt = new Date();
  await insertEmailConfirmation({
    hash: digestOfLinkToken(token),
    userId: user._id,
    email: user.email,
    sentAt,
    expiresAt: new Date(sentAt.getTime() + CONFIRMATION_LIFETIME_MS),
  });
  await publish<EmailConfirmationAsked>({
    type: EMAIL_CONFIRMATION_ASKED,
    payload: { to: user.email, token },
  });
}

/**
 * Confirms the e-mail of the link's token for the signed-in account it was sent for, once (the
 * one update that marks it used decides which of two uses wins; expired or used: 400; sent for
 * another account: 403, and it stays usable), and makes that account the buyer of its mailbox's
 * guest orders placed before the link was sent, atomically per order. How many it claimed.
 * Should claiming fail, the token is left usable, so that opening the link again finishes it.
 */
export async function confirmEmail(token: string, userId: string): Promise<number> {
  const hash = digestOfLinkToken(token);
  const now = new Date();
  const confirmation = await spendEmailConfirmation(hash, userId, now);
  if (!confirmation) {
    throw (await findPendingConfirmation(hash, now)) ? sentForAnotherAccount() : linkNotValid();
  }
  try {
    const claimed = await giveGuestOrdersTo({
      email: confirmation.email,
      buyerId: userId,
      placedBefore: confirmation.sentAt,
    });
    await confirmAccountEmail(userId, confirmation.email);
    return claimed;
  } catch (err) {
    await reopenEmailConfirmation(hash);
    throw err;
  }
}
