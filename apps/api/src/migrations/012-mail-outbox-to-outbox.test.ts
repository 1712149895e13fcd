import { afterAll } from 'vitest';
import { markNotified, subscribe } from '../features/back-in-stock/repository.js';
import { insertEmailConfirmation } from '../features/guest-orders/repository.js';
import { MAIL } from '../features/mail/index.js';
import { findStoredOrder } from '../features/orders/index.js';
import { digestOfLinkToken } from '../lib/link-tokens.js';
import { randomId } from '../lib/outbox/deliveries.js';
import { describe, expect, test } from '../test/fixtures.js';
import { guestEmail } from '../test/guest-checkout.js';
import { createUser, unknownId } from '../test/harness.js';
import { mailWaiting, startTestSender, waitForEmptyMailOutbox } from '../test/mail-sender.js';
import { createMailServerOnFreePort, type TestMailServer } from '../test/mail-server.js';
import { runMigration } from '../test/migrations.js';
import { makeOrder, makeOrderedProduct, minutesAgo } from '../test/orders.js';
import {
  createEmptyOldMailOutbox,
  hasOldMailOutbox,
  insertOldMails,
  recordOldEvents,
  storedDelivery,
} from '../test/raw-documents.js';
import { migration } from './012-mail-outbox-to-outbox.js';
import type { OldMail } from './mail-outbox-as-stored.js';

let mailServer: TestMailServer;
// The file's app first: its database is the one the tests write the old e-mails in.
test.beforeAll(async ({ app: _app }) => {
  mailServer = await createMailServerOnFreePort();
  await mailServer.start();
});
afterAll(() => mailServer.stop());

/** The Message-ID the previous build gave an e-mail (its mail/sender.ts), From `…@shop.test`. */
const oldMessageId = ({ _id, kind, orderId, about }: OldMail) =>
  `<${about ?? (orderId ? `order-${orderId}` : 'letter')}-${kind}-${_id}@shop.test>`;

/** An e-mail of the previous build, due since a minute, never tried, unclaimed. */
const oldMail = (fields: Pick<OldMail, 'kind'> & Partial<OldMail>): OldMail => ({
  _id: randomId(),
  createdAt: minutesAgo(1),
  due: minutesAgo(1),
  claim: null,
  attempts: 0,
  ...fields,
});

/**
 * Has this build's sender send (or drop) every e-mail the outbox holds: those that arrived, by
 * Message-ID.
 */
async function sendEverything() {
  const before = mailServer.mails.length;
  const sender = startTestSender(mailServer.url);
  await waitForEmptyMailOutbox();
  await sender.stop();
  return new Map(mailServer.mails.slice(before).map((mail) => [mail.messageId, mail]));
}

/** An order of `buyer`, paid for a new product and since cancelled: its id, number and product. */
async function orderOf(buyer: string) {
  const product = await makeOrderedProduct(40);
  const orderId = await makeOrder({ buyer, products: [product], status: 'cancel' });
  const order = await findStoredOrder(orderId);
  if (!order) throw new Error('the order was not written');
  return { orderId, number: order.number, product };
}

/**
 * Keeps the confirmation an old verify-email e-mail's link confirms, pending for an account, as
 * the previous build kept it beside the e-mail: this build writes the letter only while it is so.
 */
async function keepConfirmationOf({ to, token }: OldMail) {
  const account = await createUser();
  const sentAt = minutesAgo(1);
  await insertEmailConfirmation({
    hash: digestOfLinkToken(token ?? ''),
    userId: account.id,
    email: to ?? '',
    sentAt,
    expiresAt: new Date(sentAt.getTime() + 24 * 60 * 60_000),
  });
}

describe('migration 012: the mail outbox becomes the outbox', () => {
  test('when the previous build left e-mails of every kind waiting, then each becomes the mail’s delivery and is sent by this build’s sender with the text a buyer gets, under the same Message-ID', async ({
    user,
  }) => {
    const { orderId, number, product } = await orderOf(user.id);
    const guest = guestEmail();
    const guestOrder = await findStoredOrder(
      await makeOrder({ buyer: null, email: guest, products: [product] }),
    );
    const subscriber = guestEmail();
    await subscribe(product.id, product.id, subscriber);
    const subscription = `${product.id}.${product.id}.${subscriber}`;
    const placed = oldMail({
      kind: 'placed',
      orderId,
      // A sender of the previous build held it when the shop stopped.
      claim: 'a-sender-that-stopped',
      due: new Date(Date.now() + 10 * 60_000),
    });
    const shipped = oldMail({
      kind: 'status',
      orderId,
      status: 'Shipped',
      attempts: 2,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    const cancelled = oldMail({ kind: 'cancelled', orderId });
    const links = oldMail({ kind: 'order-links', to: guest });
    const verify = oldMail({ kind: 'verify-email', to: subscriber, token: 'a-one-time-token' });
    const restocked = oldMail({ kind: 'back-in-stock', about: subscription });
    await keepConfirmationOf(verify);
    const mails = [placed, shipped, cancelled, links, verify, restocked];
    await recordOldEvents(orderId, [placed._id, shipped._id, cancelled._id]);
    await markNotified(subscription, restocked._id);
    await insertOldMails(mails);

    const { lines } = await runMigration(migration);

    expect(lines).toEqual(['6 e-mails waiting carried over to the outbox']);
    expect(await hasOldMailOutbox()).toBe(false);
    const waiting = new Map((await mailWaiting()).map((d) => [d._id, d]));
    expect(mails.map(({ _id }) => waiting.get(`${_id}:${MAIL}`)?.event)).toEqual([
      { id: placed._id, type: 'order.placed', source: orderId, payload: { orderId } },
      {
        id: shipped._id,
        type: 'order.status-changed',
        source: orderId,
        payload: { orderId, order: { status: 'Shipped' } },
      },
      { id: cancelled._id, type: 'order.cancelled', source: orderId, payload: { orderId } },
      { id: links._id, type: 'guest-orders.links-asked', payload: { to: guest } },
      {
        id: verify._id,
        type: 'guest-orders.email-confirmation-asked',
        payload: { to: subscriber, token: 'a-one-time-token' },
      },
      {
        id: restocked._id,
        type: 'variant.back-in-stock',
        source: subscription,
        payload: { subscriptionId: subscription },
      },
    ]);
    expect(mails.every(({ _id }) => waiting.get(`${_id}:${MAIL}`)?.landed)).toBe(true);
    expect(await storedDelivery(`${shipped._id}:${MAIL}`)).toMatchObject({
      createdAt: shipped.createdAt,
      due: shipped.due,
      claim: null,
      attempts: 2,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    const placedNow = await storedDelivery(`${placed._id}:${MAIL}`);
    expect(placedNow).toMatchObject({ claim: null });
    expect(placedNow?.due.getTime()).toBeLessThanOrEqual(Date.now());

    const sent = await sendEverything();

    expect([...sent.keys()].sort()).toEqual(mails.map(oldMessageId).sort());
    const mailOf = (old: OldMail) => sent.get(oldMessageId(old));
    expect(mailOf(placed)).toMatchObject({
      to: user.email,
      subject: `Order #${number} placed`,
      text: expect.stringContaining(`Thank you for your order #${number}.`),
    });
    expect(mailOf(shipped)).toMatchObject({
      subject: `Order #${number}: Shipped`,
      text: expect.stringContaining(`The status of your order #${number} is now: Shipped.`),
    });
    expect(mailOf(cancelled)).toMatchObject({
      subject: `Order #${number} cancelled`,
      text: expect.stringContaining(
        `Your order #${number} was cancelled and your payment of $80.00 refunded.`,
      ),
    });
    // In the order of the order's changes, though the status e-mail was due first.
    const arrivals = mailServer.mails.map(({ messageId }) => messageId);
    const orderMails = [placed, shipped, cancelled].map((old) =>
      arrivals.indexOf(oldMessageId(old)),
    );
    expect(orderMails).toEqual([...orderMails].sort((a, b) => a - b));
    expect(mailOf(links)).toMatchObject({
      to: guest,
      subject: 'Your orders',
      text: expect.stringContaining(`Order #${guestOrder?.number}: http://shop.test/`),
    });
    expect(mailOf(verify)).toMatchObject({
      to: subscriber,
      subject: 'Confirm your e-mail',
      text: expect.stringContaining(
        'Confirm: http://shop.test/verify-email?token=a-one-time-token',
      ),
    });
    expect(mailOf(restocked)).toMatchObject({
      to: subscriber,
      subject: `${product.name} is back in stock`,
      text: expect.stringContaining(`http://shop.test/product/${product.slug}`),
    });
  });

  test('when an e-mail’s order never recorded its event, or is gone, then it is asked about and dropped unsent, as this build drops its own', async ({
    user,
  }) => {
    const { orderId } = await orderOf(user.id);
    // Its change never landed (the process died in between), longer ago than the grace period.
    const unrecorded = oldMail({ kind: 'placed', orderId, createdAt: minutesAgo(11) });
    // Its order was removed: the checkout that placed it was undone.
    const orphan = oldMail({ kind: 'cancelled', orderId: unknownId() });
    await insertOldMails([unrecorded, orphan]);

    await runMigration(migration);

    const waiting = await mailWaiting();
    const landedOf = (old: OldMail) => waiting.find((d) => d.event.id === old._id)?.landed;
    expect([landedOf(unrecorded), landedOf(orphan)]).toEqual([false, false]);
    const sent = await sendEverything();
    expect([...sent.keys()]).not.toContain(oldMessageId(unrecorded));
    expect([...sent.keys()]).not.toContain(oldMessageId(orphan));
  });

  test('when an e-mail is of a kind this build has no letter for, or lacks what its kind names, then it is dropped and logged', async () => {
    const receipt = oldMail({ kind: 'receipt', to: guestEmail() });
    const tokenless = oldMail({ kind: 'verify-email', to: guestEmail() });
    await insertOldMails([receipt, tokenless]);

    const { lines, details } = await runMigration(migration);

    expect([...lines].sort()).toEqual([
      'an e-mail waiting was dropped: it lacks what a verify-email e-mail names',
      'an e-mail waiting was dropped: this build has no letter for its kind, receipt',
    ]);
    expect(details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ mail: receipt._id, kind: 'receipt', to: receipt.to }),
        expect.objectContaining({ mail: tokenless._id, kind: 'verify-email' }),
      ]),
    );
    const ids = (await mailWaiting()).map((d) => d.event.id);
    expect(ids).not.toContain(receipt._id);
    expect(ids).not.toContain(tokenless._id);
    expect(await hasOldMailOutbox()).toBe(false);
  });

  test('when a run stopped after writing the deliveries and before removing the e-mails, then the next carries each over once, and each is sent once', async () => {
    const letters = Array.from({ length: 3 }, () =>
      oldMail({ kind: 'verify-email', to: guestEmail(), token: randomId() }),
    );
    await Promise.all(letters.map(keepConfirmationOf));
    await insertOldMails(letters);
    await runMigration(migration);
    const written = await Promise.all(letters.map(({ _id }) => storedDelivery(`${_id}:${MAIL}`)));
    // The e-mails the run removed, back as the run had left them had it stopped before.
    await insertOldMails(letters);

    const next = await runMigration(migration);

    expect(next.lines).toEqual(['3 e-mails waiting carried over to the outbox']);
    expect(await hasOldMailOutbox()).toBe(false);
    const ids = letters.map(({ _id }) => _id);
    const carried = (await mailWaiting()).filter((d) => ids.includes(d.event.id));
    expect(carried).toHaveLength(3);
    expect(await Promise.all(ids.map((id) => storedDelivery(`${id}:${MAIL}`)))).toEqual(written);
    const before = mailServer.mails.length;
    const sent = await sendEverything();
    expect(mailServer.mails.length - before).toBe(3);
    expect([...sent.keys()].sort()).toEqual(letters.map(oldMessageId).sort());
  });

  test('when it runs again, or finds the collection empty or missing, then it changes nothing and says nothing', async () => {
    const letter = oldMail({ kind: 'verify-email', to: guestEmail(), token: randomId() });
    await keepConfirmationOf(letter);
    await insertOldMails([letter]);
    await runMigration(migration);
    const written = await storedDelivery(`${letter._id}:${MAIL}`);

    const again = await runMigration(migration);

    expect(again.lines).toEqual([]);
    expect(await storedDelivery(`${letter._id}:${MAIL}`)).toEqual(written);
    expect([...(await sendEverything()).keys()]).toEqual([oldMessageId(letter)]);

    await createEmptyOldMailOutbox();
    const empty = await runMigration(migration);
    expect(empty.lines).toEqual([]);
    expect(await hasOldMailOutbox()).toBe(false);

    const missing = await runMigration(migration);
    expect(missing.lines).toEqual([]);
    expect(await hasOldMailOutbox()).toBe(false);
  });
});
