import { FIND_ORDERS_ANSWER } from '@shop/contracts/guest';
import { describe, expect, inject, test } from 'vitest';
import { uniqueWord } from '../../test/catalogue.js';
import { createProduct } from '../../test/checkout.js';
import {
  guestEmail,
  guestPlaceOrderCall,
  placeGuestOrder,
  startGuestCheckout,
} from '../../test/guest-checkout.js';
import {
  cappedLetters,
  findMyOrder,
  mailsToMailbox,
  untilLettersSettled,
  withTwoMailingProcesses,
} from '../../test/mail-caps.js';

describe('"Find my order" letters per mailbox, over two API processes', () => {
  test('when a guest with an order is asked for 40 times across two processes, then one letter is written in 30 minutes and every answer is the same as a stranger’s', async () => {
    await withTwoMailingProcesses(inject('mongoUrl'), 'caps_find', async (shop) => {
      const [a, b] = shop.servers;
      const guest = guestEmail();
      const lamp = await createProduct({ quantity: 5 });
      const { paymentIntentId } = await startGuestCheckout(a.url, guest, [{ _id: lamp.id }]);
      shop.fake.confirm(paymentIntentId);
      await guestPlaceOrderCall(b.url, guest, paymentIntentId).expect(201);
      await untilLettersSettled();
      const confirmations = mailsToMailbox(shop.mailServer, guest).length;

      const asks = Array.from(
        { length: 40 },
        (_, i) => [guest, guest.toUpperCase(), ` ${guest} `][i % 3] as string,
      );
      const answers = await Promise.all(asks.map((email, i) => findMyOrder(i % 2 ? a : b, email)));
      const stranger = await findMyOrder(a, guestEmail());
      expect(stranger).toEqual({
        status: 200,
        body: { success: true, message: FIND_ORDERS_ANSWER },
      });
      expect(
        answers.filter((answer) => JSON.stringify(answer) !== JSON.stringify(stranger)),
      ).toEqual([]);

      await untilLettersSettled();
      const letters = mailsToMailbox(shop.mailServer, guest).slice(confirmations);
      expect(letters.map((mail) => mail.subject)).toEqual(['Your orders']);
      expect(await cappedLetters(shop.servers, 'order-links')).toBe(39);
    });
  }, 240_000);

  test('when a guest ordered under two spellings of one Gmail mailbox (a +tag, dots) and asks under a third, in capitals, then one letter to the address asked carries both orders’ links', async () => {
    await withTwoMailingProcesses(inject('mongoUrl'), 'caps_spellings', async (shop) => {
      const [a, b] = shop.servers;
      const local = uniqueWord();
      const tagged = await placeGuestOrder(a.url, shop.fake, `${local}+shop@gmail.com`);
      const dotted = await placeGuestOrder(
        b.url,
        shop.fake,
        `${local.slice(0, 4)}.${local.slice(4)}@gmail.com`,
      );
      await untilLettersSettled();
      const asked = `${local}@googlemail.com`;
      const before = mailsToMailbox(shop.mailServer, asked).length;

      expect(await findMyOrder(a, ` ${asked.toUpperCase()} `)).toEqual({
        status: 200,
        body: { success: true, message: FIND_ORDERS_ANSWER },
      });

      await untilLettersSettled();
      const letters = mailsToMailbox(shop.mailServer, asked).slice(before);
      expect(letters.map((mail) => [mail.subject, mail.to])).toEqual([['Your orders', asked]]);
      for (const { number } of [tagged, dotted]) {
        expect(letters[0]?.text).toContain(`Order #${number}: `);
      }
    });
  }, 240_000);
});
