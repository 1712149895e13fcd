import { waitingSubscriptions } from '../features/back-in-stock/repository.js';
import { mailboxOf } from '../lib/mailbox.js';
import type { FakeStripe } from './fake-stripe.js';
import { counterOf, METRICS_TOKEN, retryingMailEnv, until } from './mail-outbox.js';
import { mailWaiting } from './mail-sender.js';
import { createMailServerOnFreePort, type TestMailServer } from './mail-server.js';
import { type ApiProcess, withTwoApiProcesses } from './oversell.js';

/**
 * The runs of the caps on letters per mailbox: two API processes on one database, sending
 * through one test mail server, with the per-address limits of the public calls lifted (a bot
 * asks from one address here; the caps alone are under test).
 */
export interface MailingShop {
  servers: [ApiProcess, ApiProcess];
  mailServer: TestMailServer;
  fake: FakeStripe;
}

export async function withTwoMailingProcesses<T>(
  mongoUrl: string,
  prefix: string,
  work: (shop: MailingShop) => Promise<T>,
): Promise<T> {
  const mailServer = await createMailServerOnFreePort();
  await mailServer.start();
  const env = {
    ...retryingMailEnv(mailServer.url),
    // The default lease: no process is killed here, and a claim running out on a starved
    // machine sends a letter twice (the outbox's at-least-once window), which is not a cap's.
    MAIL_LEASE_MS: '60000',
    METRICS_TOKEN,
    NOTIFY_ME_RATE_LIMIT: '100000',
  };
  try {
    return await withTwoApiProcesses(
      mongoUrl,
      prefix,
      (servers, fake) => work({ servers, mailServer, fake }),
      { env },
    );
  } finally {
    await mailServer.stop();
  }
}

/** POST notify-me as the product page does. */
export const notifyMe = (server: ApiProcess, productId: string, email: string) =>
  fetch(`${server.url}/api/v1/product/${productId}/notify-me`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, variant: productId }),
  });

/** POST order/find as the "Find my order" page does: the status and the answer. */
export async function findMyOrder(server: ApiProcess, email: string) {
  const res = await fetch(`${server.url}/api/v1/order/find`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  return { status: res.status, body: await res.json() };
}

/**
 * Waits until the processes settled every back-in-stock subscription (none left waiting to be
 * looked at: called once every variant subscribed to is for sale) and every e-mail (none left
 * in the outbox).
 */
export const untilLettersSettled = () =>
  until(
    'every subscription and e-mail to be settled',
    async () => (await waitingSubscriptions()).length === 0 && (await mailWaiting()).length === 0,
  );

/** The e-mails the mail server received for `mailbox`, whatever their spelling. */
export const mailsToMailbox = (mailServer: TestMailServer, mailbox: string) =>
  mailServer.mails.filter((mail) => mailboxOf(mail.to) === mailboxOf(mailbox));

/** Letters of `letter` the processes did not write because of a cap, all processes together. */
export const cappedLetters = async (servers: readonly ApiProcess[], letter: string) =>
  (
    await Promise.all(servers.map((s) => counterOf(s, 'shop_mail_capped_total', { letter })))
  ).reduce((sum, n) => sum + n, 0);
