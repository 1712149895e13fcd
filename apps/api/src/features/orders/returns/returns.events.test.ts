import { afterAll, beforeAll } from 'vitest';
import { uniqueWord } from '../../../test/catalogue.js';
import { describe, expect, checkoutTest as test } from '../../../test/fixtures.js';
import { startTestSender, waitForEmptyMailOutbox } from '../../../test/mail-sender.js';
import {
  createMailServerOnFreePort,
  mailsTo,
  type TestMailServer,
} from '../../../test/mail-server.js';
import { MUG, paidOrder } from '../../../test/refunds.js';
import { askReturn, keyOf, moveReturn, returnOf } from '../../../test/returns.js';

test.afterEach(({ stripe }) => stripe.heal());

let mailServer: TestMailServer;
beforeAll(async () => {
  mailServer = await createMailServerOnFreePort();
  await mailServer.start();
});
afterAll(() => mailServer.stop());

describe('what a return tells its buyer', () => {
  test('when a return is asked, approved, received and refunded, each step asked twice, then the buyer is e-mailed each step once, in order', async ({
    api,
    admin,
    stripe,
  }) => {
    const email = `${uniqueWord()}@example.com`;
    const orderId = await paidOrder(stripe, { email });
    const { number, key } = await keyOf(orderId);
    const before = mailServer.mails.length;

    const ask = { lines: [{ sku: MUG, quantity: 1 }], reason: 'Chipped' };
    const asked = returnOf((await askReturn(api, number, ask, { key }).expect(201)).body);
    for (const status of ['approved', 'received', 'refunded']) {
      await moveReturn(api, admin.token, asked._id, { status }).expect(200);
      await moveReturn(api, admin.token, asked._id, { status }).expect(200);
    }
    const sender = startTestSender(mailServer.url);
    // Four steps, and the refund's own e-mail.
    await mailServer.waitFor(before + 5);
    await waitForEmptyMailOutbox();
    await sender.stop();

    const subjects = mailsTo(mailServer.mails.slice(before), email).map((mail) => mail.subject);
    expect(subjects.filter((subject) => subject.includes('return'))).toEqual([
      `Order #${number}: return requested`,
      `Order #${number}: return approved`,
      `Order #${number}: return received`,
      `Order #${number}: return refunded`,
    ]);
    expect(subjects).toContain(`Order #${number}: $3.33 refunded`);
    expect(subjects).toHaveLength(5);
  });
});
