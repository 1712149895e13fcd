import { setTimeout as sleep } from 'node:timers/promises';
import { orderResponseSchema } from '@shop/contracts';
import parsePrometheus from 'parse-prometheus-text-format';
import { createProduct } from './checkout.js';
import { mailWaiting } from './mail-sender.js';
import { createMailServerOnFreePort, type TestMailServer } from './mail-server.js';
import {
  type ApiProcess,
  createBuyers,
  placeOrder,
  startApiProcess,
  startCheckout,
  withTwoApiProcesses,
} from './oversell.js';

/** The /metrics token of the API processes these checks start. */
export const METRICS_TOKEN = 'outbox-check-metrics-token';

export interface OutboxFigures {
  orders: number;
  /** The e-mails the mail server received, and how many orders they confirm (each once?). */
  mails: number;
  ordersConfirmed: number;
  /** E-mails beyond one per order, and Message-IDs seen more than once. */
  duplicates: number;
  /** The most failed attempts of one e-mail while the mail server was down. */
  attemptsWhileDown: number;
  /** The process killed (SIGKILL) while retrying, and the signal that ended it. */
  killed: NodeJS.Signals | null;
  /** E-mails each live process sent once the mail server was back (from its /metrics). */
  sentBy: number[];
  /** From the mail server's return to the last e-mail. */
  deliveredInMs: number;
}

/** Waits until `check` holds (fails after `timeoutMs`), asking every 50 ms. */
export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000) {
  const giveUpAt = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > giveUpAt) throw new Error(`gave up waiting: ${what}`);
    await sleep(50);
  }
}

/** What the crash checks' API processes send with: a mail server retried within a second. */
export const retryingMailEnv = (smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Shop <orders@shop.test>',
  MAIL_RETRY_MAX_MS: '1000',
  MAIL_LEASE_MS: '4000',
  MAIL_POLL_MS: '100',
});

/**
 * The crash the outbox is put through, `count` e-mails waiting in it while the mail server is
 * down: once each failed at least twice, `victim` is killed (SIGKILL) and `restart`ed, then the
 * mail server comes back; resolves once `count` e-mails arrived and the outbox is empty. The
 * restarted process is the caller's to stop (stopped here when this fails).
 */
export async function crashWhileRetrying({
  count,
  victim,
  mailServer,
  restart,
}: {
  count: number;
  victim: ApiProcess;
  mailServer: TestMailServer;
  restart: () => Promise<ApiProcess>;
}) {
  let attemptsWhileDown = 0;
  await until('every e-mail to fail twice', async () => {
    const events = await mailWaiting();
    attemptsWhileDown = Math.max(0, ...events.map((e) => e.attempts));
    return events.length === count && events.every((e) => e.attempts >= 2);
  });
  process.kill(victim.pid, 'SIGKILL');
  const killed = await victim.exited;
  const restarted = await restart();
  try {
    await mailServer.start();
    const backAt = Date.now();
    await mailServer.waitFor(count, 120_000);
    const deliveredInMs = Date.now() - backAt;
    await until('the outbox to empty', async () => (await mailWaiting()).length === 0);
    return { attemptsWhileDown, killed, restarted, deliveredInMs };
  } catch (err) {
    restarted.stop();
    throw err;
  }
}

/**
 * A counter of a process, from its /metrics: the sum of its series whose labels include
 * `labels` (0 before anything counted into it).
 */
export async function counterOf(
  server: ApiProcess,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const family = parsePrometheus(await res.text()).find((f) => f.name === name);
  const series = (family?.metrics ?? []).filter((m) =>
    Object.entries(labels).every(([label, value]) => m.labels?.[label] === value),
  );
  return series.reduce((sum, m) => sum + Number(m.value), 0);
}

/** The e-mails a process sent, from its /metrics. */
const sentByProcess = (server: ApiProcess) => counterOf(server, 'shop_outbox_sent_total');

/**
 * With the mail server down, `orders` buyers each place an order over two API processes (so
 * `orders` confirmations wait in the outbox, retried with back-off); one process is killed
 * with SIGKILL while they retry and started again; then the mail server comes back. Answers
 * what arrived. The database is dropped after.
 */
export async function runMailOutboxCheck(opts: {
  /** The database server; MONGO_URL's, else an embedded one, when absent. */
  mongoUrl?: string;
  orders?: number;
}): Promise<OutboxFigures> {
  const orders = opts.orders ?? 20;
  const mailServer = await createMailServerOnFreePort();
  const env = { ...retryingMailEnv(mailServer.url), METRICS_TOKEN };
  return withTwoApiProcesses(
    opts.mongoUrl,
    'outbox',
    async ([a, b], fake, databaseUrl) => {
      let restarted: ApiProcess | null = null;
      try {
        const product = await createProduct({ price: 12.5, quantity: orders });
        const tokens = await createBuyers(orders);
        const placed = await Promise.all(
          tokens.map(async (token, i) => {
            const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
            const paymentIntentId = await startCheckout(first.url, token, product.id);
            if (!paymentIntentId)
              throw new Error('create-payment-intent refused a product in stock');
            fake.confirm(paymentIntentId);
            const res = await placeOrder(second.url, token, paymentIntentId);
            if (res.status !== 201)
              throw new Error(`place-order: ${res.status} ${await res.text()}`);
            return orderResponseSchema.parse(await res.json()).order;
          }),
        );

        const crash = await crashWhileRetrying({
          count: orders,
          victim: a,
          mailServer,
          restart: () => startApiProcess(databaseUrl, fake, { env }),
        });
        restarted = crash.restarted;
        const { attemptsWhileDown, killed, deliveredInMs } = crash;

        const subjects = mailServer.mails.map((m) => m.subject);
        const confirmed = placed.filter(
          (o) => subjects.filter((s) => s === `Order #${o.number} placed`).length === 1,
        );
        const messageIds = new Set(mailServer.mails.map((m) => m.messageId));
        return {
          orders,
          mails: mailServer.mails.length,
          ordersConfirmed: confirmed.length,
          duplicates:
            mailServer.mails.length -
            new Set(subjects).size +
            (mailServer.mails.length - messageIds.size),
          attemptsWhileDown,
          killed,
          sentBy: await Promise.all([b, restarted].map(sentByProcess)),
          deliveredInMs,
        };
      } finally {
        restarted?.stop();
        await mailServer.stop();
      }
    },
    { env },
  );
}

export function printOutboxFigures(f: OutboxFigures, print = console.log) {
  print(
    [
      `outbox check: ${f.orders} orders placed over 2 API processes while the mail server was down`,
      `  retried:   up to ${f.attemptsWhileDown} failed attempts per e-mail; one process then killed (${f.killed ?? 'no signal'}) and started again`,
      `  arrived:   ${f.mails} e-mails once the mail server was back (in ${(f.deliveredInMs / 1000).toFixed(1)} s), confirming ${f.ordersConfirmed} orders once each`,
      `  sent by:   ${f.sentBy.join(' + ')} (the surviving process + the restarted one)`,
      `  duplicates: ${f.duplicates}`,
    ].join('\n'),
  );
}

/** Whether every order got exactly one confirmation and nothing else arrived. */
export const outboxSound = (f: OutboxFigures) =>
  f.mails === f.orders &&
  f.ordersConfirmed === f.orders &&
  f.duplicates === 0 &&
  f.killed === 'SIGKILL' &&
  f.sentBy.reduce((sum, n) => sum + n, 0) === f.orders;
