import { mailFailures, mailsDropped, mailsSent } from '../../lib/metrics.js';
import {
  backlogOf,
  type Claim,
  type ClaimedDelivery,
  firstWaitingOf,
  type Outcome,
  startDelivering,
  type Worker,
} from '../../lib/outbox/index.js';
import type { Letters } from './letter.js';

/** The outbox's subscriber that e-mails: every event some feature writes a letter for. */
export const MAIL = 'mail';

/** What the sender hands a message to: nodemailer's transport, or a test's. */
export interface MailTransport {
  sendMail: (message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    messageId: string;
  }) => Promise<unknown>;
}

export interface MailSenderOptions {
  transport: MailTransport;
  /** The From of every e-mail, e.g. `Shop <shop@example.com>`. */
  from: string;
  /** Where shoppers reach the shop: the origin of the links in the e-mails. */
  publicUrl: string;
  /** The letters of every feature that writes some, by event type. */
  letters: Letters;
  /** How long a claim lasts: longer than the slowest send (the transport's time limits). */
  leaseMs: number;
  /** The longest wait between two attempts of one e-mail. */
  retryMaxMs: number;
  /** How often an idle sender looks for events recorded by other processes (a change in this process wakes it at once). */
  pollMs: number;
  /** How long an event may wait for its change to land before it is dropped. */
  landingGraceMs?: number;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

/** Stable per event: a receiver (or a person) can tell a copy from another e-mail. */
export const messageIdOf = (name: string, eventId: string, from: string) =>
  `<${name}-${eventId}@${/@([\w.-]+)>?\s*$/.exec(from)?.[1] ?? 'shop.local'}>`;

/**
 * Sends the e-mails of the outbox (the `mail` subscriber's deliveries), one at a time, alongside
 * the senders of every other API process (claims, retries with back-off: lib/outbox): each is
 * written by the feature that owns its event, as things are now, and sent with a Message-ID
 * stable per event. An e-mail waits while an earlier one of its reader's thread is unsent (the
 * buyer reads an order's e-mails in the order of its changes).
 *
 * At most once per event, but for one window: a process that dies after the mail server
 * accepted an e-mail and before its delivery is removed leaves it to be sent again when its
 * claim runs out. Its Message-ID is the same, so the copy can be told. A sender slower than its
 * claim (the letter's reads on a busy machine) does not send: it renews the claim just before.
 */
export function startMailSender(options: MailSenderOptions): Worker {
  /**
   * When the letter may be sent, if not now: while an earlier one of its thread is unsent, until
   * that one is next tried, or for one poll while a sender holds it. Without this, an earlier
   * e-mail postponed (its change still landing, or its send failed) let a later one overtake it:
   * "deliverd" arrived before "Shipped".
   */
  const turnOf = async (after: readonly string[]) => {
    const waiting = await firstWaitingOf(after, MAIL);
    if (!waiting) return null;
    const soon = Date.now() + options.pollMs;
    return new Date(waiting.claimed ? soon : Math.max(waiting.due.getTime(), soon));
  };

  const send = async ({ event }: ClaimedDelivery, claim: Claim): Promise<Outcome> => {
    const write = options.letters[event.type];
    if (!write) return { drop: `no feature writes a letter for ${event.type}` };
    const letter = await write(event, { publicUrl: options.publicUrl });
    if ('unsent' in letter) return { drop: letter.unsent };
    const turn = await turnOf(letter.after ?? []);
    if (turn) return { later: turn };
    const { to, subject, text, html, name } = letter;
    // Writing the letter may have outlasted the claim and another sender taken the e-mail; the
    // renewed claim outlasts the send (the transport's time limits are a quarter of it).
    if (!(await claim.renew())) return { lost: true };
    try {
      const messageId = messageIdOf(name, event.id, options.from);
      await options.transport.sendMail({ from: options.from, to, subject, text, html, messageId });
    } catch (err) {
      mailFailures.inc();
      return { failed: err instanceof Error ? err.message : String(err) };
    }
    await letter.sent?.();
    return { done: true };
  };

  return startDelivering({
    subscriber: MAIL,
    handle: send,
    leaseMs: options.leaseMs,
    retryMaxMs: options.retryMaxMs,
    pollMs: options.pollMs,
    ...(options.landingGraceMs === undefined ? {} : { landingGraceMs: options.landingGraceMs }),
    log: options.log,
    onDone: () => mailsSent.inc(),
    onDropped: () => mailsDropped.inc(),
  });
}

/** How many e-mails wait to be sent (all processes), and how many of those failed at least once. */
export const mailBacklog = () => backlogOf(MAIL);
