import type { Config } from './config.js';
import { accountLetters } from './features/auth/index.js';
import { backInStockLanding, backInStockLetters } from './features/back-in-stock/index.js';
import { guestOrderLetters } from './features/guest-orders/letters.js';
import { type Letters, MAIL, type MailTransport, startMailSender } from './features/mail/index.js';
import {
  ORDER_EVENT_TYPES,
  orderLandingChecks,
  orderLetters,
  returnLandingChecks,
} from './features/orders/index.js';
import { SALES_FIGURES, startCountingOrderEvents } from './features/sales/index.js';
import { storeName } from './features/store/index.js';
import type { Logger } from './lib/logger.js';
import { type LandingCheck, wireOutbox } from './lib/outbox/index.js';

/**
 * Who hears which domain event (the composition root's part of lib/outbox): features publish
 * their events and write their letters without knowing who listens; this module wires the
 * subscribers, and starts their workers.
 *
 * | event | published by | heard by |
 * |---|---|---|
 * | `order.placed`, `order.status-changed`, `order.cancelled` | orders | mail (the buyer's letter), sales figures |
 * | `order.imported` (demo data) | orders | sales figures |
 * | `order.return-changed` | orders (its returns) | mail (the buyer's letter) |
 * | `variant.back-in-stock` | back-in-stock | mail (the notice) |
 * | `guest-orders.links-asked`, `guest-orders.email-confirmation-asked` | guest-orders | mail |
 * | `auth.take-over-offered` | auth | mail |
 */

/** Every letter, by the event it tells of: each written by the feature that owns the event. */
export const letters: Letters = {
  ...orderLetters,
  ...backInStockLetters,
  ...guestOrderLetters,
  ...accountLetters,
};

/**
 * How to tell that an event landed, by the type of the events recorded by a change (the others,
 * letters asked for, change nothing and land as they are published).
 */
export const landingChecks: Readonly<Record<string, LandingCheck>> = {
  ...orderLandingChecks,
  ...returnLandingChecks,
  ...backInStockLanding,
};

/** Wires this process's outbox: every entry point does, before any event is published. */
export function wireEvents() {
  wireOutbox({
    subscribers: { [MAIL]: Object.keys(letters), [SALES_FIGURES]: ORDER_EVENT_TYPES },
    landingChecks,
  });
}

/** The sales figures' worker: counts order events as they land. */
export const startCountingSales = (log: Logger) =>
  startCountingOrderEvents((err) =>
    log.warn({ err }, 'sales figures: order events not counted; tried again'),
  );

/** The e-mail sender of this process, through `transport`. */
export const startSendingMail = (
  config: Pick<
    Config,
    'MAIL_FROM' | 'PUBLIC_URL' | 'MAIL_LEASE_MS' | 'MAIL_RETRY_MAX_MS' | 'MAIL_POLL_MS'
  >,
  transport: MailTransport,
  log: Logger,
) =>
  startMailSender({
    transport,
    from: config.MAIL_FROM,
    storeName,
    publicUrl: config.PUBLIC_URL,
    letters,
    leaseMs: config.MAIL_LEASE_MS,
    retryMaxMs: config.MAIL_RETRY_MAX_MS,
    pollMs: config.MAIL_POLL_MS,
    log,
  });
