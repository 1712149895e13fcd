import escapeHtml from 'escape-html';
import { allowLetter, type LetterCap } from '../../lib/mailbox-letters.js';
import type { PublishedEvent } from '../../lib/outbox/index.js';
import type { Letter, Letters, Unsent } from '../mail/index.js';
import { orderLinksOf } from '../orders/index.js';

/**
 * The letters about no one order: "find my order"'s links and the confirmation of an account's
 * e-mail. Each is published as an event that changes nothing it must wait for (./routes.ts,
 * ./email-confirmation.ts), so it is sent as soon as a sender takes it.
 */

/** Someone asked for the links of an address's orders. */
export const ORDER_LINKS_ASKED = 'guest-orders.links-asked';
/** An account's e-mail is to be confirmed (it placed guest orders). */
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

interface Link {
  label: string;
  url: string;
}

const letterOf = (
  to: string,
  kind: string,
  subject: string,
  paragraphs: string[],
  links: Link[],
): Letter => ({
  to,
  name: `letter-${kind}`,
  subject,
  text: [...paragraphs, '', ...links.map(({ label, url }) => `${label}: ${url}`)].join('\n'),
  html: [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...links.map(
      ({ label, url }) =>
        `<p>${escapeHtml(label)}: <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
    ),
    '</body></html>',
  ].join(''),
});

/** The link confirming an e-mail. */
async function confirmationLetter(
  event: PublishedEvent,
  { publicUrl }: { publicUrl: string },
): Promise<Letter> {
  // The outbox holds what ./email-confirmation.ts published.
  const { to, token } = event.payload as EmailConfirmationAsked;
  return letterOf(
    to,
    'verify-email',
    'Confirm your e-mail',
    [
      'Please confirm your e-mail address by opening this link.',
      'Once it is confirmed, the orders you placed as a guest with it appear in your account.',
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
 * "Find my order"'s links, as the address's orders are now; nothing is sent when it has none
 * (though the request was answered the same), nor when its mailbox had them within the cap.
 * Its orders are looked for first, so that an ask under a spelling without orders does not
 * spend the mailbox's letter.
 */
async function orderLinksLetter(
  event: PublishedEvent,
  { publicUrl }: { publicUrl: string },
): Promise<Letter | Unsent> {
  // The outbox holds what ./routes.ts published.
  const { to } = event.payload as OrderLinksAsked;
  const found = await orderLinksOf(publicUrl, to);
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
    found.map(({ order, link }) => ({ label: `Order #${order.number ?? order._id}`, url: link })),
  );
}

export const guestOrderLetters: Letters = {
  [ORDER_LINKS_ASKED]: orderLinksLetter,
  [EMAIL_CONFIRMATION_ASKED]: confirmationLetter,
};
