import { setTimeout as sleep } from 'node:timers/promises';
import { mailFailures, mailsDropped, mailsSent } from '../../lib/metrics.js';
import { findOrder, findStoredOrder, linkOf } from '../orders/index.js';
import { renderLetter } from './letters.js';
import type { NoticeMail, NoticeSource } from './notices.js';
import { onMailEventLanded } from './outbox.js';
import { recipientOf } from './recipient.js';
import { renderMail } from './render.js';
import {
  type ClaimedEvent,
  claimDueMailEvent,
  firstWaitingOf,
  postponeMailEvent,
  removeMailEvent,
} from './repository.js';

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
  /** How long a claim lasts: longer than the slowest send (the transport's time limits). */
  leaseMs: number;
  /** The longest wait between two attempts of one e-mail. */
  retryMaxMs: number;
  /** How often an idle sender looks for due events (a change in this process wakes it at once). */
  pollMs: number;
  /** How long an event may wait for its change to land before it is dropped. */
  landingGraceMs?: number;
  log: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** What notices (e-mails about other than an order) say, from the feature that sends them. */
  notices?: NoticeSource;
}

/** Far longer than the one update between recording an event and its change landing. */
export const LANDING_GRACE_MS = 10 * 60_000;
/** An event whose change has not landed yet is looked at again this much later. */
const LANDING_RECHECK_MS = 2_000;
const FIRST_RETRY_MS = 1_000;

/** Stable per event: a receiver (or a person) can tell a copy from another e-mail. */
export const messageIdOf = (
  event: Pick<ClaimedEvent, '_id' | 'orderId' | 'kind' | 'about'>,
  from: string,
) =>
  `<${event.about ?? (event.orderId ? `order-${event.orderId}` : 'letter')}-${event.kind}-${event._id}@${/@([\w.-]+)>?\s*$/.exec(from)?.[1] ?? 'shop.local'}>`;

/** The wait before attempt `attempts + 1`: doubling from 1 s up to `max`, with jitter. */
const backOff = (attempts: number, max: number) =>
  Math.min(max, FIRST_RETRY_MS * 2 ** Math.min(attempts, 20)) * (0.5 + Math.random() / 2);

/**
 * Sends the outbox's e-mails, one at a time, alongside those of every other API process:
 * each event is claimed by one guarded update (a lease: a sender that dies lets go of it when
 * the lease runs out), sent, and removed at once once the mail server accepted it. A failed
 * send is retried with back-off. An event is sent only once its order records it (its change
 * landed) and no earlier event of its order waits (the buyer reads them in order), and dropped
 * when its order or buyer is gone or its change never landed.
 *
 * At most once per event, but for one window: a process that dies after the mail server
 * accepted an e-mail and before its removal lands leaves the event to be sent again when its
 * claim runs out. Its Message-ID is the same, so the copy can be told.
 */
export function startMailSender(options: MailSenderOptions) {
  const grace = options.landingGraceMs ?? LANDING_GRACE_MS;
  let stopped = false;
  let wake: (() => void) | null = null;
  const unsubscribe = onMailEventLanded(() => wake?.());

  const drop = async (event: ClaimedEvent, reason: string) => {
    if (await removeMailEvent(event)) {
      mailsDropped.inc();
      options.log.info({ event: event._id, order: event.orderId }, `e-mail dropped: ${reason}`);
    }
  };

  /** Removes the sent event, retrying while the database is away: a second send is worse. */
  const markSent = async (event: ClaimedEvent) => {
    for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
      const removed = await removeMailEvent(event).catch(() => null);
      if (removed === true) return;
      if (removed === false) {
        options.log.warn(
          { event: event._id, order: event.orderId },
          'an e-mail was sent after its claim ran out: another sender may send it again',
        );
        return;
      }
      await sleep(wait);
    }
  };

  /**
   * When an event of an order may be sent, if not now: a buyer reads an order's e-mails in the
   * order of its changes (the order's `events`), so an event waits while an earlier one of its
   * order is unsent: until that one is next tried, or for one poll while a sender holds it.
   * Without this, an earlier event postponed (its change still landing, or its send failed)
   * let a later one overtake it: "deliverd" arrived before "Shipped".
   */
  const turnOf = async (event: ClaimedEvent, orderEvents: string[]) => {
    const earlier = orderEvents.slice(0, orderEvents.indexOf(event._id));
    const waiting = earlier.length > 0 ? await firstWaitingOf(earlier) : null;
    if (!waiting) return null;
    const soon = Date.now() + options.pollMs;
    return new Date(waiting.claimed ? soon : Math.max(waiting.due.getTime(), soon));
  };

  /** Sends the event's e-mail, then removes the event; retried with back-off when it fails. */
  const send = async (
    event: ClaimedEvent,
    mail: NoticeMail,
    afterSending?: () => Promise<void>,
  ) => {
    try {
      await options.transport.sendMail({
        from: options.from,
        ...mail,
        messageId: messageIdOf(event, options.from),
      });
    } catch (err) {
      mailFailures.inc();
      const failure = err instanceof Error ? err.message : String(err);
      const due = new Date(Date.now() + backOff(event.attempts, options.retryMaxMs));
      options.log.warn(
        { event: event._id, order: event.orderId, attempts: event.attempts + 1, failure },
        'e-mail not sent; it will be tried again',
      );
      return postponeMailEvent(event, due, failure);
    }
    await afterSending?.();
    await markSent(event);
    mailsSent.inc();
  };

  /** An event whose change has not landed: looked at again soon, dropped once it never will. */
  const notLanded = (event: ClaimedEvent) =>
    Date.now() - event.createdAt.getTime() > grace
      ? drop(event, 'the change it announced never landed')
      : postponeMailEvent(event, new Date(Date.now() + LANDING_RECHECK_MS));

  const deliverNotice = async (event: ClaimedEvent) => {
    const mail = await options.notices?.read(event);
    if (!mail || mail === 'gone') return drop(event, 'what it was about is gone');
    if (mail === 'not landed') return notLanded(event);
    return send(event, mail, () => options.notices?.sent(event) ?? Promise.resolve());
  };

  /** A letter changes nothing it waits for: it is sent as it reads now, or dropped. */
  const deliverLetter = async (event: ClaimedEvent) => {
    const letter = await renderLetter(event, options.publicUrl);
    if (!letter) return drop(event, 'it has nothing to tell (no order of that address)');
    return send(event, { to: letter.to, ...letter.mail });
  };

  const deliver = async (event: ClaimedEvent) => {
    if (event.about !== undefined) return deliverNotice(event);
    if (!event.orderId) return deliverLetter(event);
    const stored = await findStoredOrder(event.orderId);
    if (!stored) return drop(event, 'its order is gone (its checkout was undone)');
    if (!stored.events.includes(event._id)) return notLanded(event);
    const turn = await turnOf(event, stored.events);
    if (turn) return postponeMailEvent(event, turn);
    const [order, buyer] = await Promise.all([findOrder(event.orderId), recipientOf(stored)]);
    if (!order || !buyer) return drop(event, 'its order or its buyer is gone');
    const link = linkOf(options.publicUrl, stored);
    return send(event, { to: buyer.email, ...renderMail(event, order, buyer.name, link) });
  };

  const idle = () =>
    new Promise<void>((done) => {
      const timer = setTimeout(finish, options.pollMs);
      function finish() {
        clearTimeout(timer);
        wake = null;
        done();
      }
      wake = finish;
    });

  const running = (async () => {
    while (!stopped) {
      const event = await claimDueMailEvent(options.leaseMs).catch(() => null);
      if (event) {
        await deliver(event).catch((err: unknown) => {
          // The database went away mid-way: the claim runs out and the event is taken again.
          options.log.warn({ event: event._id, err }, 'e-mail event not handled');
        });
      } else if (!stopped) await idle();
    }
  })();

  return {
    /** Stops after the e-mail under way, if any. */
    stop: async () => {
      stopped = true;
      unsubscribe();
      wake?.();
      await running;
    },
  };
}
