import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../lib/free-port.js';

/** An e-mail the test mail server accepted. */
export interface CaughtMail {
  messageId: string;
  /** Its From, as a mail client shows it: the sender's name, and the address. */
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * The mail server of a test (nodemailer's smtp-server, loopback only), on a port of its own
 * that stays the same while it is stopped and started again, as a real one going down would.
 * It starts stopped: nothing listens on its port until `start()`.
 */
export async function createMailServerOnFreePort() {
  const port = await freePort();
  const mails: CaughtMail[] = [];
  let server: SMTPServer | null = null;

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 200,
      onData(stream, _session, accepted) {
        simpleParser(stream).then(
          (mail) => {
            // Recorded before the server says it accepted it, as a real one stores first.
            mails.push({
              messageId: mail.messageId ?? '',
              from: {
                name: mail.from?.value[0]?.name ?? '',
                address: mail.from?.value[0]?.address ?? '',
              },
              to: [mail.to ?? []]
                .flat()
                .map((a) => a.text)
                .join(', '),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
            });
            accepted();
          },
          (err: Error) => accepted(err),
        );
      },
    });

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    start: async () => {
      if (server) return;
      const starting = create();
      server = starting;
      await new Promise<void>((listening, failed) => {
        starting.once('error', failed);
        starting.listen(port, '127.0.0.1', () => listening());
      });
    },
    /** Stops listening and cuts every connection, as a mail server going down. */
    stop: async () => {
      const running = server;
      server = null;
      if (running) await new Promise<void>((closed) => running.close(() => closed()));
    },
    /** Waits until `count` e-mails arrived (fails after `timeoutMs`). */
    waitFor: async (count: number, timeoutMs = 30_000) => {
      const giveUpAt = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > giveUpAt) {
          throw new Error(`${mails.length} e-mails arrived of the ${count} awaited`);
        }
        await sleep(20);
      }
    },
  };
}

export type TestMailServer = Awaited<ReturnType<typeof createMailServerOnFreePort>>;

/** The e-mails caught for `to`, oldest first. */
export const mailsTo = (mails: readonly CaughtMail[], to: string) =>
  mails.filter((mail) => mail.to.includes(to));

/**
 * The token of the last link to `<shop>/<page>?token=…` e-mailed to `to`, and its letter;
 * failing when no e-mail to `to` carries one.
 */
export function linkTokenTo(mails: readonly CaughtMail[], to: string, page: string) {
  const pattern = new RegExp(`https?://\\S+/${page}\\?token=(\\S+)`);
  const letter = mailsTo(mails, to).findLast((mail) => pattern.test(mail.text));
  const token = pattern.exec(letter?.text ?? '')?.[1];
  if (!letter || !token) throw new Error(`no e-mail to ${to} links to /${page}`);
  return { token: decodeURIComponent(token), letter };
}
