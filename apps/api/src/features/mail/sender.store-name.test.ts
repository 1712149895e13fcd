import { storeSchema } from '@shop/contracts';
import { afterAll, beforeAll } from 'vitest';
import { randomId, recordDeliveries } from '../../lib/outbox/deliveries.js';
import { placeOrderCall } from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import type { Api } from '../../test/harness.js';
import { sendWaiting } from '../../test/mail-sender.js';
import { createMailServerOnFreePort, type TestMailServer } from '../../test/mail-server.js';
import { ORDER_LINKS_ASKED } from '../guest-orders/letters.js';
import type { Letter } from './letter.js';
import { MAIL } from './sender.js';
import { signed } from './signature.js';

let mailServer: TestMailServer;
beforeAll(async () => {
  mailServer = await createMailServerOnFreePort();
  await mailServer.start();
});
afterAll(() => mailServer.stop());

/** An admin renames the store in Store settings, every other setting as it is. */
async function nameStore(api: Api, token: string, name: string) {
  const current = storeSchema.parse((await api.get('/api/v1/store').expect(200)).body);
  await api
    .put('/api/v1/store')
    .set('Authorization', token)
    .send({ ...current, name })
    .expect(200);
}

describe("the store's name on every e-mail", () => {
  test("when the store is named, then an order's e-mail and another feature's letter come from that name at MAIL_FROM's address, signed with it", async ({
    app,
    api,
    admin,
    checkout,
  }) => {
    const first = await checkout();
    await placeOrderCall(app.app, first.user.token, first.paymentIntentId).expect(201);
    const [unnamed] = await sendWaiting(mailServer, mailServer.mails.length, 1);
    expect(unnamed?.from).toEqual({ name: 'Ecommerce App', address: 'orders@shop.test' });
    expect(unnamed?.text).toMatch(/\n\n-- \nEcommerce App$/);

    await nameStore(api, admin.token, 'Newcomer Outfitters');
    const before = mailServer.mails.length;
    const second = await checkout();
    await placeOrderCall(app.app, second.user.token, second.paymentIntentId).expect(201);
    // "Find my order" for the second buyer's address: guest-orders' own letter.
    await recordDeliveries(
      { id: randomId(), type: ORDER_LINKS_ASKED, payload: { to: second.user.email } },
      [MAIL],
      true,
    );
    const mails = await sendWaiting(mailServer, before, 2);

    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [expect.stringMatching(/^Order #\d+ placed$/), 'Your orders'].sort(),
    );
    for (const mail of mails) {
      expect(mail.from).toEqual({ name: 'Newcomer Outfitters', address: 'orders@shop.test' });
      expect(mail.text).toMatch(/\n\n-- \nNewcomer Outfitters$/);
      expect(mail.html).toMatch(/<p>Newcomer Outfitters<\/p><\/body><\/html>$/);
      expect(mail.text).not.toContain('Ecommerce App');
    }
  });
});

describe('a letter signed', () => {
  const letter: Letter = { to: 'a@shop.test', subject: 'Hi', text: 'Hello', html: '', name: 'x' };

  test('when its HTML is a document, then the signature ends its body, the name escaped', () => {
    const html = '<!doctype html><html><body><p>Hello</p></body></html>';
    expect(signed({ ...letter, html }, 'Bob & <Co>')).toMatchObject({
      text: 'Hello\n\n-- \nBob & <Co>',
      html: '<!doctype html><html><body><p>Hello</p><p>Bob &amp; &lt;Co&gt;</p></body></html>',
    });
  });

  test('when its HTML is a fragment, then the signature follows it', () => {
    expect(signed({ ...letter, html: '<p>Hello</p>' }, 'Shop').html).toBe(
      '<p>Hello</p><p>Shop</p>',
    );
  });
});
