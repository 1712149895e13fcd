import { digestOfLinkToken } from '../../lib/link-tokens.js';
import { allowLetter, type LetterCap } from '../../lib/mailbox-letters.js';
import type { PublishedEvent } from '../../lib/outbox/index.js';
import { findUserNames } from '../auth/index.js';
import { type Letter, type Letters, letterOf, type Unsent } from '../mail/index.js';
import { ordersOfEmail, withNewLinks } from '../orders/index.js';
import { findPendingConfirmation } from './repository.js';

/**
 * The letters about no one order: "find my order"'s links and the confirmation of an account's
 * e-mail. Each is published as an event that changes nothing it must wait for (./routes.ts,
 * ./email-confirmation.ts), so it is sent as soon as a sender takes it.
 */

/** Someone asked for the links of an address's orders. */
export const ORDER_LINKS_ASKED = 'guest-orders.links-asked';
/** An account's e-mail is to be confirmed (its mailbox placed guest orders). */
export const EMAIL_CONFIRMATION_ASKED = 'guest-orders.email-confirmation-asked';

export interface OrderLinksAsked {
  to: string;
}
export interface EmailConfirmationAsked {
  to: string;
  /** The one-time token its link carries (only its hash is kept elsewhere). */
  token: string;
}

/** The page a `verify-email` letter's link opens, which confirms the e-mail with its token. */
export const verifyEmailLink = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

/**
 * Confirmations a mailbox gets a day, every spelling together: registering many +tag spellings
 * of one address, each an account to confirm, must not fill its owner's inbox. One held back is
 * dropped, not deferred: the three sent that day already name accounts the owner can act on.
 */
const CONFIRMATION_CAP: LetterCap = {
  name: 'verify-email',
  letters: 3,
  windowMs: 24 * 60 * 60 * 1000,
};

/**
 * The link confirming an e-mail, naming the account it was sent for: whoever did not register
 * it knows to leave it, and how to have the address back. Nothing is sent once the link was
 * used or expired, or its account is gone, nor past the mailbox's daily cap.
 */
async function confirmationLetter(
  event: PublishedEvent,
  { publicUrl }: { publicUrl: string },
): Promise<Letter | Unsent> {
  // The outbox holds what ./email-confirmation.ts published.
  const { to, token } = event.payload as EmailConfirmationAsked;
  const pending = await findPendingConfirmation(digestOfLinkToken(token), new Date());
  const name = pending ? (await findUserNames([pending.userId])).get(pending.userId) : undefined;
  if (name === undefined) return { unsent: 'the link was used or expired, or its account is gone' };
  const verdict = await allowLetter({
    letter: 'verify-email',
    to,
    eventId: event.id,
    caps: [CONFIRMATION_CAP],
  });
  if (!verdict.allowed) return { unsent: 'its mailbox had its confirmations within a day' };
  return letterOf(
    to,
    'verify-email',
    'Confirm your e-mail',
    [
      `An account named "${name}" was registered with this e-mail address.`,
      `If it is yours, sign in to it and open this link to confirm the address: the orders placed as a guest with it before this letter then appear in the account.`,
      'If it is not yours, ignore this letter: that account sees none of your orders. To have an account with this address yourself, register with it: we will send you a link to take it over.',
    ],
    [{ label: 'Confirm', url: verifyEmailLink(publicUrl, token) }],
  );
}

/**
 * "Find my order" writes one letter per mailbox per 30 minutes (issue 35): asked 40 times, from
 * every process, it is one letter. One held back is dropped, not deferred: the letter sent
 * within the last 30 minutes gave the same links.
 */
const ORDER_LINKS_CAP: LetterCap = { name: 'order-links', letters: 1, windowMs: 30 * 60 * 1000 };

/**
 * "Find my order"'s links, as the orders of the address's mailbox (every spelling of it) are
 * now; nothing is sent when it has none (though the request was answered the same), nor when
 * the mailbox had them within the cap. Its orders are looked for first, so that an ask of a
 * mailbox without orders spends nothing.
 */
async function orderLinksLetter(
  event: PublishedEvent,
  { publicUrl }: { publicUrl: string },
): Promise<Letter | Unsent> {
  // The outbox holds what ./routes.ts published.
  const { to } = event.payload as OrderLinksAsked;
  const found = await ordersOfEmail(to);
  if (found.length === 0) return { unsent: 'it has nothing to tell (no order of that address)' };
  const verdict = await allowLetter({
    letter: 'order-links',
    to,
    eventId: event.id,
    caps: [ORDER_LINKS_CAP],
  });
  if (!verdict.allowed) return { unsent: 'its mailbox had its orders’ links within 30 minutes' };
  return letterOf(
    to,
    'order-links',
    'Your orders',
    ['Here are the links to your orders; each opens its order without signing in.'],
    (await withNewLinks(publicUrl, found)).map(({ order, link }) => ({
      label: `Order #${order.number ?? order._id}`,
      url: link,
    })),
  );
}

export const guestOrderLetters: Letters = {
  [ORDER_LINKS_ASKED]: orderLinksLetter,
  [EMAIL_CONFIRMATION_ASKED]: confirmationLetter,
};
