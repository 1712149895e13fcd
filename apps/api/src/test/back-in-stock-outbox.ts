import { updateProduct } from '../features/products/repository/writes.js';
import { createProduct } from './checkout.js';
import { crashWhileRetrying, retryingMailEnv } from './mail-outbox.js';
import { createMailServerOnFreePort } from './mail-server.js';
import { type ApiProcess, startApiProcess, withTwoApiProcesses } from './oversell.js';

export interface BackInStockFigures {
  subscribers: number;
  /**
   * The e-mails the mail server received, and the subscribers they reached (each once?) saying
   * that lamp is back in stock, with the link to its page.
   */
  mails: number;
  subscribersTold: number;
  /** E-mails beyond one per subscriber, and Message-IDs seen more than once. */
  duplicates: number;
  /** The most failed attempts of one e-mail while the mail server was down. */
  attemptsWhileDown: number;
  /** The signal that ended the process killed while the e-mails were retried. */
  killed: NodeJS.Signals | null;
}

/**
 * With the mail server down, `subscribers` shoppers ask "Notify me" on a sold-out lamp over two
 * API processes; the lamp is restocked, so both processes find the subscriptions to tell and
 * queue their e-mails (retried with back-off); one process is killed with SIGKILL while they
 * retry and started again; then the mail server comes back. Answers what arrived.
 */
export async function runBackInStockCheck(opts: {
  mongoUrl?: string;
  subscribers?: number;
}): Promise<BackInStockFigures> {
  const subscribers = opts.subscribers ?? 8;
  const mailServer = await createMailServerOnFreePort();
  const env = retryingMailEnv(mailServer.url);
  return withTwoApiProcesses(
    opts.mongoUrl,
    'back_in_stock',
    async ([a, b], fake, databaseUrl) => {
      let restarted: ApiProcess | null = null;
      try {
        const lamp = await createProduct({ quantity: 0 });
        const addresses = Array.from({ length: subscribers }, (_, i) => `shopper-${i}@example.com`);
        await Promise.all(
          addresses.map(async (email, i) => {
            const res = await fetch(
              `${(i % 2 === 0 ? a : b).url}/api/v1/product/${lamp.id}/notify-me`,
              {
                method: 'POST',
                headers: { 'Content-Type': 'application/json' },
                body: JSON.stringify({ email, variant: lamp.id }),
              },
            );
            if (res.status !== 200) throw new Error(`notify-me: ${res.status} ${await res.text()}`);
          }),
        );
        await updateProduct(lamp.id, { quantity: 5 });

        const crash = await crashWhileRetrying({
          count: subscribers,
          victim: a,
          mailServer,
          restart: () => startApiProcess(databaseUrl, fake, { env }),
        });
        restarted = crash.restarted;
        const { attemptsWhileDown, killed } = crash;

        const recipients = mailServer.mails
          .filter(
            (m) => m.subject === `${lamp.name} is back in stock` && m.text.includes(lamp.slug),
          )
          .map((m) => m.to);
        const messageIds = new Set(mailServer.mails.map((m) => m.messageId));
        return {
          subscribers,
          mails: mailServer.mails.length,
          subscribersTold: addresses.filter(
            (email) => recipients.filter((to) => to === email).length === 1,
          ).length,
          duplicates:
            mailServer.mails.length -
            new Set(recipients).size +
            (mailServer.mails.length - messageIds.size),
          attemptsWhileDown,
          killed,
        };
      } finally {
        restarted?.stop();
        await mailServer.stop();
      }
    },
    { env },
  );
}
