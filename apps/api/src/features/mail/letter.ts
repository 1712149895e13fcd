import escapeHtml from 'escape-html';
import type { PublishedEvent } from '../../lib/outbox/index.js';

/** An e-mail a feature writes for one of its events, addressed, in both forms every mail client reads. */
export interface Letter {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Names it in its Message-ID (`order-<id>-placed`), which the event's id completes: stable per
   * event, so a copy sent again after a crash can be told from another e-mail.
   */
  name: string;
  /**
   * Events of the same reader's thread they must read first (an order's earlier changes): the
   * letter waits while any of them is still to be sent.
   */
  after?: readonly string[];
  /** The mail server took it: what the feature does then (a subscription ends). */
  sent?: () => Promise<void>;
}

/** Nothing to tell (what it was about is gone, nobody to tell): the event is dropped, and why. */
export interface Unsent {
  unsent: string;
}

/** Writes the letter of an event as things are now, for the shop at `publicUrl`. */
export type LetterWriter = (
  event: PublishedEvent,
  shop: { publicUrl: string },
) => Promise<Letter | Unsent>;

/** A feature's letters, by the type of event each tells of. */
export type Letters = Readonly<Record<string, LetterWriter>>;

/** A link in a letter: what it is for, and where it goes. */
export interface LetterLink {
  label: string;
  url: string;
}

/**
 * A letter of a few paragraphs and links (its name `letter-<kind>`), in text and in HTML, every
 * part escaped: what the letters about no one order are made of.
 */
export const letterOf = (
  to: string,
  kind: string,
  subject: string,
  paragraphs: readonly string[],
  links: readonly LetterLink[],
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
