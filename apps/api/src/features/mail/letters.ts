import { orderLinksOf } from '../orders/index.js';
import { escapeHtml, type RenderedMail } from './render.js';
import type { MailEvent } from './repository.js';

/** The page a `verify-email` letter's link opens, which confirms the e-mail with its token. */
export const verifyEmailLink = (publicUrl: string, token: string) =>
  `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;

interface Link {
  label: string;
  url: string;
}

const mailOf = (subject: string, paragraphs: string[], links: Link[]): RenderedMail => ({
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

/**
 * A letter about no one order, as it is sent now: "find my order"'s links (null when the
 * address has no order: nothing is sent, though the request was answered the same), or the
 * link confirming an e-mail.
 */
export async function renderLetter(
  event: MailEvent,
  publicUrl: string,
): Promise<{ to: string; mail: RenderedMail } | null> {
  const to = event.to;
  if (!to) return null;
  if (event.kind === 'verify-email') {
    if (!event.token) return null;
    return {
      to,
      mail: mailOf(
        'Confirm your e-mail',
        [
          'Please confirm your e-mail address by opening this link.',
          'Once it is confirmed, the orders you placed as a guest with it appear in your account.',
        ],
        [{ label: 'Confirm', url: verifyEmailLink(publicUrl, event.token) }],
      ),
    };
  }
  const found = await orderLinksOf(publicUrl, to);
  if (found.length === 0) return null;
  return {
    to,
    mail: mailOf(
      'Your orders',
      ['Here are the links to your orders; each opens its order without signing in.'],
      found.map(({ order, link }) => ({ label: `Order #${order.number ?? order._id}`, url: link })),
    ),
  };
}
