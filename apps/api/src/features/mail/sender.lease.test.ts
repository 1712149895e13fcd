import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';
import { randomId, recordDeliveries } from '../../lib/outbox/deliveries.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { startTestSender, waitForEmptyMailOutbox } from '../../test/mail-sender.js';
import { createMailServerOnFreePort, type TestMailServer } from '../../test/mail-server.js';
import type { Letter, LetterWriter } from './letter.js';
import { MAIL } from './sender.js';
import { smtpTransport } from './transport.js';

let mailServer: TestMailServer;
// The app's fixture connects this file to its database, where the outbox is.
test.beforeAll(async ({ app: _app }) => {
  mailServer = await createMailServerOnFreePort();
  await mailServer.start();
});
afterAll(() => mailServer.stop());

/**
 * Short, so the slow writer outlasts it, yet long enough that a busy machine sends within it (the
 * transport's time limits are a quarter of it, as in the server; 2 s failed at load 17).
 */
const LEASE_MS = 6_000;

describe('a sender slower than its claim', () => {
  test('when a sender writes a letter past its claim and another sender took the e-mail meanwhile, then the e-mail is sent once, by the one that holds it', async () => {
    const letter: Letter = {
      to: 'slow@shop.test',
      subject: 'A slow letter',
      text: 'text',
      html: '<p>html</p>',
      name: 'slow',
    };
    let writes = 0;
    // The first writer takes longer than the claim: it finishes only once the other sender,
    // the claim having run out, is writing the same letter.
    const slowFirst: LetterWriter = async () => {
      writes += 1;
      if (writes === 1) {
        const giveUpAt = Date.now() + 20_000;
        while (writes < 2 && Date.now() < giveUpAt) await sleep(10);
      }
      return letter;
    };
    const options = {
      letters: { 'test.slow': slowFirst },
      leaseMs: LEASE_MS,
      transport: smtpTransport(mailServer.url, LEASE_MS),
    };
    const senders = [
      startTestSender(mailServer.url, options),
      startTestSender(mailServer.url, options),
    ];
    const before = mailServer.mails.length;

    const eventId = randomId();
    await recordDeliveries(
      { id: eventId, type: 'test.slow', source: eventId, payload: {} },
      [MAIL],
      true,
    );
    await waitForEmptyMailOutbox();
    await Promise.all(senders.map((sender) => sender.stop()));

    expect(writes).toBeGreaterThanOrEqual(2);
    const sent = mailServer.mails.slice(before).filter((mail) => mail.messageId.includes(eventId));
    expect(sent).toHaveLength(1);
  });
});
