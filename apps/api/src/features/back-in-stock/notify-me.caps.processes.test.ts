import { NOTIFY_ME_NOTED } from '@shop/contracts/back-in-stock';
import { describe, expect, inject, test } from 'vitest';
import { createProduct } from '../../test/checkout.js';
import { guestEmail, startGuestCheckout } from '../../test/guest-checkout.js';
import {
  cappedLetters,
  mailsToMailbox,
  notifyMe,
  untilLettersSettled,
  withTwoMailingProcesses,
} from '../../test/mail-caps.js';
import { aDayLater } from '../../test/raw-documents.js';
import { updateProduct } from '../products/repository/writes.js';

/** `count` spellings of one mailbox: +tags, case, and for Gmail its dots and googlemail. */
const spellings = (count: number, spell: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => spell(i));

/** What "Notify me" answered: every answer is this, whatever a cap does with the letter. */
const noted = { success: true, message: NOTIFY_ME_NOTED };

describe('"Notify me" letters per mailbox, over two API processes', () => {
  test('when 80 "Notify me" name two mailboxes under 40 spellings each, then one restock e-mails each mailbox once', async () => {
    await withTwoMailingProcesses(inject('mongoUrl'), 'caps_spellings', async (shop) => {
      const [a, b] = shop.servers;
      const lamp = await createProduct({ quantity: 0 });
      const ada = spellings(
        40,
        (i) =>
          [
            `Ada.Lovelace+${i}@gmail.com`,
            `adalovelace+${i}@googlemail.com`,
            `a.da.love.lace+${i}@Gmail.com`,
          ][i % 3] as string,
      );
      const grace = spellings(40, (i) =>
        i % 2 ? `grace+${i}@example.com` : `GRACE+${i}@Example.com`,
      );
      const answers = await Promise.all(
        [...ada, ...grace].map(async (email, i) => {
          const res = await notifyMe(i % 2 ? a : b, lamp.id, email);
          return { status: res.status, body: await res.json() };
        }),
      );
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      expect(new Set(answers.map((answer) => JSON.stringify(answer.body)))).toEqual(
        new Set([JSON.stringify(noted)]),
      );

      await updateProduct(lamp.id, { quantity: 3 });
      await untilLettersSettled();
      expect(mailsToMailbox(shop.mailServer, 'adalovelace@gmail.com')).toHaveLength(1);
      expect(mailsToMailbox(shop.mailServer, 'grace@example.com')).toHaveLength(1);
      expect(shop.mailServer.mails).toHaveLength(2);
    });
  }, 240_000);

  test('when a bot holds and releases the last unit 20 times, asking "Notify me" for one mailbox each time, then that mailbox gets one letter that day, and every answer is the same', async () => {
    await withTwoMailingProcesses(inject('mongoUrl'), 'caps_cycle', async (shop) => {
      const [a, b] = shop.servers;
      const lamp = await createProduct({ quantity: 1 });
      const decoy = await createProduct({ quantity: 1_000 });
      const bot = guestEmail();
      // The bot replaces its own checkout, as a guest's browser does, by its secret.
      let secret: string | undefined;
      for (let cycle = 0; cycle < 20; cycle += 1) {
        const [one, other] = cycle % 2 ? [a, b] : [b, a];
        // The last unit held: the lamp is sold out, and "Notify me" is offered.
        ({ checkoutSecret: secret } = await startGuestCheckout(
          one.url,
          bot,
          [{ _id: lamp.id }],
          secret,
        ));
        const asked = await notifyMe(one, lamp.id, `Victim+${cycle}@example.com`);
        expect({ status: asked.status, body: await asked.json() }).toEqual({
          status: 200,
          body: noted,
        });
        // The bot's next checkout replaces its hold: the lamp is back in stock.
        ({ checkoutSecret: secret } = await startGuestCheckout(
          other.url,
          bot,
          [{ _id: decoy.id }],
          secret,
        ));
        await untilLettersSettled();
      }
      expect(mailsToMailbox(shop.mailServer, 'victim@example.com')).toHaveLength(1);
      expect(await cappedLetters(shop.servers, 'back-in-stock')).toBe(1);
    });
  }, 240_000);

  test('when one mailbox waits for 7 lamps and all are restocked, then it gets 5 letters that day and the 2 others the next', async () => {
    await withTwoMailingProcesses(inject('mongoUrl'), 'caps_daily', async (shop) => {
      const [a, b] = shop.servers;
      const lamps = await Promise.all(
        Array.from({ length: 7 }, () => createProduct({ quantity: 0 })),
      );
      for (const [i, lamp] of lamps.entries()) {
        expect((await notifyMe(i % 2 ? a : b, lamp.id, `Shopper+${i}@example.com`)).status).toBe(
          200,
        );
      }
      for (const lamp of lamps) await updateProduct(lamp.id, { quantity: 2 });
      await untilLettersSettled();
      expect(mailsToMailbox(shop.mailServer, 'shopper@example.com')).toHaveLength(5);
      expect(await cappedLetters(shop.servers, 'back-in-stock')).toBe(2);

      await aDayLater();
      await untilLettersSettled();
      const letters = mailsToMailbox(shop.mailServer, 'shopper@example.com');
      expect(new Set(letters.map((mail) => mail.subject))).toEqual(
        new Set(lamps.map((lamp) => `${lamp.name} is back in stock`)),
      );
      expect(letters).toHaveLength(7);
    });
  }, 240_000);
});
