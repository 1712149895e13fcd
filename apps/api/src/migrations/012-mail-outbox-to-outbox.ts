import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts';
import { landingChecks } from '../events.js';
import {
  VARIANT_BACK_IN_STOCK,
  type VariantBackInStock,
} from '../features/back-in-stock/letters.js';
import {
  EMAIL_CONFIRMATION_ASKED,
  type EmailConfirmationAsked,
  ORDER_LINKS_ASKED,
  type OrderLinksAsked,
} from '../features/guest-orders/letters.js';
import { MAIL } from '../features/mail/index.js';
import {
  ORDER_CANCELLED,
  ORDER_PLACED,
  ORDER_STATUS_CHANGED,
  type OrderEvent,
} from '../features/orders/events.js';
import {
  type CarriedDelivery,
  carryOverDeliveries,
  type PublishedEvent,
} from '../lib/outbox/index.js';
import { inBatches, type Outcome } from './batches.js';
import {
  dropOldMailOutbox,
  type OldMail,
  oldMailIds,
  readOldMails,
  removeOldMails,
} from './mail-outbox-as-stored.js';
import type { Migration, MigrationLog } from './migration.js';

/**
 * The previous build kept the e-mails it still had to send in `mail_outbox`, which nothing
 * reads since the outbox became generic (lib/outbox): each becomes the `mail` subscriber's
 * delivery of the event this build publishes for it, then the collection is dropped.
 *
 * - Under the same event id: its Message-ID is the same (`<order-<id>-placed-<event>@…>`,
 *   `<letter-verify-email-<event>@…>`, `<<subscription>-back-in-stock-<event>@…>`), so an
 *   e-mail the mail server took before the upgrade and sent again after is told for a copy, and
 *   an order's e-mails still wait for each other in the order of its `events`, which recorded
 *   the same ids.
 * - With the payload the letters of this build read, no more: the previous build's e-mail named
 *   its order (and the status announced), recipient or subscription, not what the order was
 *   before and after, so it is delivered to the mail alone. The sales figures must not hear of
 *   it anyway: the previous build counted each order change into them as it wrote it.
 * - Landed as this build's landing check answers (does the order, or the subscription, record
 *   the event?); otherwise asked about by the sender, and dropped as this build drops it (its
 *   order gone, or ten minutes after it was written). Letters change nothing: landed.
 * - Its failed attempts, last error and due time kept; a sender's claim let go, due at once.
 *
 * Deliveries are written first, under their ids (one written by an earlier run stays as it
 * is), then the old e-mails removed, 100 at a time: a run that stops anywhere loses no e-mail
 * and the next writes none twice. No sender runs meanwhile: they start after the migrations.
 *
 * An e-mail of a kind this build has no letter for, or without what its kind names (a recipient,
 * an order, a status), is dropped and logged: the previous build wrote none such, and a
 * delivery no letter can be written for would be claimed and fail for ever.
 */

type Event = Omit<PublishedEvent, 'id'>;

/** What an order's letter reads of its event (orders/letters.ts): the order, the status told. */
type OrderLetterReads = Pick<OrderEvent, 'orderId'> & { order?: { status: OrderStatus } };

const isStatus = (status: string | undefined): status is OrderStatus =>
  ORDER_STATUSES.some((s) => s === status);

const ofOrder = (type: string, { orderId }: OldMail, order?: { status: OrderStatus }) =>
  orderId
    ? {
        type,
        source: orderId,
        payload: { orderId, ...(order ? { order } : {}) } satisfies OrderLetterReads,
      }
    : null;

/** By the previous build's kinds of e-mail: the event of this build that tells the same. */
const EVENTS: Readonly<Record<string, (mail: OldMail) => Event | null>> = {
  placed: (mail) => ofOrder(ORDER_PLACED, mail),
  status: (mail) =>
    isStatus(mail.status) ? ofOrder(ORDER_STATUS_CHANGED, mail, { status: mail.status }) : null,
  cancelled: (mail) => ofOrder(ORDER_CANCELLED, mail),
  'order-links': ({ to }) =>
    to ? { type: ORDER_LINKS_ASKED, payload: { to } satisfies OrderLinksAsked } : null,
  'verify-email': ({ to, token }) =>
    to && token
      ? { type: EMAIL_CONFIRMATION_ASKED, payload: { to, token } satisfies EmailConfirmationAsked }
      : null,
  'back-in-stock': ({ about }) =>
    about
      ? {
          type: VARIANT_BACK_IN_STOCK,
          source: about,
          payload: { subscriptionId: about } satisfies Pick<VariantBackInStock, 'subscriptionId'>,
        }
      : null,
};

/** The mail's delivery of the e-mail, or why it is dropped. */
async function deliveryOf(mail: OldMail): Promise<CarriedDelivery | { dropped: string }> {
  const toEvent = EVENTS[mail.kind];
  if (!toEvent) return { dropped: `this build has no letter for its kind, ${mail.kind}` };
  const event = toEvent(mail);
  if (!event) return { dropped: `it lacks what a ${mail.kind} e-mail names` };
  const id = mail._id;
  const landingCheck = landingChecks[event.type];
  const landed = landingCheck ? (await landingCheck({ id, ...event })) === 'landed' : true;
  return {
    event: { id, ...event },
    subscriber: MAIL,
    landed,
    createdAt: mail.createdAt,
    // A claim's due time is when it runs out.
    due: mail.claim ? new Date(Math.min(mail.due.getTime(), Date.now())) : mail.due,
    attempts: mail.attempts ?? 0,
    ...(mail.lastError ? { lastError: mail.lastError } : {}),
  };
}

/** Carries over a batch of the old e-mails, then removes them: what became of each. */
async function carryOver(ids: readonly string[], log: MigrationLog): Promise<Outcome[]> {
  const mails = await readOldMails(ids);
  const carried: CarriedDelivery[] = [];
  for (const [mail, outcome] of await Promise.all(
    mails.map(async (mail) => [mail, await deliveryOf(mail)] as const),
  )) {
    if (!('dropped' in outcome)) carried.push(outcome);
    else {
      const { _id, kind, orderId, to, about } = mail;
      const details = { mail: _id, kind, orderId, to, about };
      log.warn(details, `an e-mail waiting was dropped: ${outcome.dropped}`);
    }
  }
  await carryOverDeliveries(carried);
  await removeOldMails(ids);
  const done = new Set(carried.map(({ event }) => event.id));
  return ids.map((id) => (done.has(id) ? 'done' : 'done before'));
}

export const migration: Migration = {
  id: '012-mail-outbox-to-outbox',
  name: "the previous build's e-mails waiting become the outbox's deliveries to the mail",
  async up(context) {
    let carried = 0;
    // Read again until none is left: what a process of the previous build still serving wrote
    // meanwhile is carried over too (but for the one round trip before the drop).
    for (let ids = await oldMailIds(); ids.length > 0; ids = await oldMailIds()) {
      carried += await inBatches(ids, 100, context, (batch) => carryOver(batch, context.log));
    }
    await dropOldMailOutbox();
    if (carried > 0) context.log.info(`${carried} e-mails waiting carried over to the outbox`);
  },
};
