import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll } from 'vitest';
import { letters } from '../events.js';
import { MAIL, type MailSenderOptions, startMailSender } from '../features/mail/sender.js';
import { smtpTransport } from '../features/mail/transport.js';
import { storeName } from '../features/store/index.js';
import { type Delivery, listDeliveries } from '../lib/outbox/index.js';
import { type CaughtMail, createMailServerOnFreePort, type TestMailServer } from './mail-server.js';

/** The e-mails waiting in the outbox (the mail subscriber's deliveries). */
export const mailWaiting = () => listDeliveries(MAIL);

/** Waits until `check` holds of the e-mails waiting (fails after 30 s). */
export async function waitForMailOutbox(check: (waiting: Delivery[]) => boolean) {
  const giveUpAt = Date.now() + 30_000;
  while (!check(await mailWaiting())) {
    if (Date.now() > giveUpAt) throw new Error('the outbox never got there');
    await sleep(20);
  }
}

/** Waits until every e-mail was sent or dropped (fails after 30 s). */
export const waitForEmptyMailOutbox = () => waitForMailOutbox((waiting) => waiting.length === 0);

export const TEST_MAIL_FROM = 'Shop <orders@shop.test>';

/**
 * A sender of every feature's letters as the server starts it, through the SMTP server at
 * `smtpUrl`, with short leases, retries and polls; `overrides` replace any option.
 */
export const startTestSender = (smtpUrl: string, overrides: Partial<MailSenderOptions> = {}) =>
  startMailSender({
    transport: smtpTransport(smtpUrl, 4_000),
    from: TEST_MAIL_FROM,
    storeName,
    publicUrl: 'http://shop.test',
    letters,
    leaseMs: 4_000,
    retryMaxMs: 200,
    pollMs: 50,
    log: { info: () => {}, warn: () => {} },
    ...overrides,
  });

/**
 * Has a sender send what waits in the outbox to `mailServer`: the e-mails that arrived since
 * `before` (a count taken earlier), once `count` more arrived and nothing waits.
 */
export async function sendWaiting(mailServer: TestMailServer, before: number, count: number) {
  const sender = startTestSender(mailServer.url);
  await mailServer.waitFor(before + count);
  await waitForEmptyMailOutbox();
  await sender.stop();
  return mailServer.mails.slice(before);
}

/**
 * For a test file: a mail server of its own, started before the file's tests with a sender of
 * every letter through it (TEST_MAIL_FROM, for http://shop.test), both stopped after them.
 * `mails()`: the e-mails it caught so far.
 */
export function catchMailOfFile() {
  let server: TestMailServer | undefined;
  let sender: { stop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    server = await createMailServerOnFreePort();
    await server.start();
    sender = startTestSender(server.url);
  });
  afterAll(async () => {
    await sender?.stop();
    await server?.stop();
  });
  return { mails: (): readonly CaughtMail[] => server?.mails ?? [] };
}
