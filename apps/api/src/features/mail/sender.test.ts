import { orderResponseSchema } from '@shop/contracts';
import { afterAll, beforeAll } from 'vitest';
import { randomId, recordDeliveries } from '../../lib/outbox/deliveries.js';
import type { Delivery } from '../../lib/outbox/index.js';
import { placeOrderCall, TEST_DELIVERY_ADDRESS } from '../../test/checkout.js';
import { describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import {
  startTestSender,
  waitForEmptyMailOutbox as waitForEmptyOutbox,
  waitForMailOutbox as waitForOutbox,
} from '../../test/mail-sender.js';
import { createMailServerOnFreePort, type TestMailServer } from '../../test/mail-server.js';
import { findUser } from '../auth/index.js';
import type { OrderEvent } from '../orders/index.js';
import { removeOrder } from '../orders/repository/writes.js';
import { MAIL, type MailTransport } from './sender.js';
import { smtpTransport } from './transport.js';

let mailServer: TestMailServer;
const senders: { stop: () => Promise<void> }[] = [];
const startSender = (opts: { landingGraceMs?: number; transport?: MailTransport } = {}) => {
  const sender = startTestSender(mailServer.url, opts);
  senders.push(sender);
  return sender;
};

/** The status an order event announces. */
const statusOf = (waiting: Delivery) => (waiting.event.payload as OrderEvent).order.status;

/**
 * An event of the order recorded for the sender as a process records it before its change, and
 * then nothing: the process died before the change, or the change was undone.
 */
const recordUnlanded = (type: string, orderId: string) =>
  recordDeliveries({ id: randomId(), type, source: orderId, payload: { orderId } }, [MAIL], false);

beforeAll(async () => {
  mailServer = await createMailServerOnFreePort();
  await mailServer.start();
});
afterAll(async () => {
  await Promise.all(senders.map((s) => s.stop()));
  await mailServer.stop();
});

/** The mails that arrived since `before` (a count taken earlier). */
const since = (before: number) => mailServer.mails.slice(before);

/** The order's delivery address (TEST_DELIVERY_ADDRESS), line by line, in the text and the HTML. */
function expectDeliveryAddressIn(mail: { text?: string; html?: string } | undefined) {
  const { name, street, city, postalCode, country, phone } = TEST_DELIVERY_ADDRESS;
  const lines = [
    'Delivery address:',
    name,
    street,
    `${postalCode} ${city}`,
    country,
    `Phone: ${phone}`,
  ];
  expect(mail?.text).toContain(lines.join('\n'));
  expect(mail?.html).toContain(lines.join('<br>'));
}

describe('e-mails to the buyer through the outbox', () => {
  test('when an order is placed, then its buyer gets one confirmation with its number, lines, total and delivery address, in HTML and text', async ({
    app,
    checkout,
  }) => {
    const sender = startSender();
    const before = mailServer.mails.length;
    const { user, lamp, desk, paymentIntentId } = await checkout();
    const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    const { order } = orderResponseSchema.parse(res.body);
    await mailServer.waitFor(before + 1);
    await waitForEmptyOutbox();
    await sender.stop();

    const [mail] = since(before);
    const buyer = await findUser(user.id);
    expect(since(before)).toHaveLength(1);
    expect(mail?.to).toBe(buyer?.email);
    expect(mail?.subject).toBe(`Order #${order.number} placed`);
    for (const body of [mail?.text, mail?.html]) {
      expect(body).toContain(`#${order.number}`);
      expect(body).toContain(lamp.name);
      expect(body).toContain(desk.name);
      expect(body).toContain('$159.98');
    }
    expectDeliveryAddressIn(mail);
    expect(mail?.text).toContain(`2 x ${lamp.name}: $39.98 (2 × $19.99)`);
    expect(mail?.messageId).toMatch(
      new RegExp(`^<order-${order._id}-placed-[0-9a-f]{24}@shop\\.test>$`),
    );
  });

  test('when an admin changes the status, then the buyer is told the new status; setting the same status again sends nothing', async ({
    app,
    api,
    admin,
    checkout,
  }) => {
    const sender = startSender();
    const { user, paymentIntentId } = await checkout();
    const { order } = orderResponseSchema.parse(
      (await placeOrderCall(app.app, user.token, paymentIntentId).expect(201)).body,
    );
    await waitForEmptyOutbox();
    const before = mailServer.mails.length;
    const setStatus = (status: string) =>
      api
        .put(`/api/v1/auth/order-status/${order._id}`)
        .set('Authorization', admin.token)
        .send({ status })
        .expect(200);

    await setStatus('Shipped');
    await setStatus('Shipped');
    await setStatus('deliverd');
    await mailServer.waitFor(before + 2);
    await waitForEmptyOutbox();
    await sender.stop();

    expect(since(before).map((m) => m.subject)).toEqual([
      `Order #${order.number}: Shipped`,
      `Order #${order.number}: deliverd`,
    ]);
    expect(since(before)[0]?.text).toContain(
      `The status of your order #${order.number} is now: Shipped.`,
    );
    for (const mail of since(before)) expectDeliveryAddressIn(mail);
  });

  test('when the first of two status e-mails fails once, then the second waits for it: the buyer reads them in the order of the changes', async ({
    app,
    api,
    admin,
    checkout,
  }) => {
    const smtp = smtpTransport(mailServer.url, 4_000);
    let failed = false;
    // The Shipped e-mail's first attempt fails once the deliverd event is in the outbox, due
    // at once: the later e-mail is then free to overtake it unless it waits its turn.
    const transport: MailTransport = {
      sendMail: async (message) => {
        if (!failed && message.subject.endsWith(': Shipped')) {
          failed = true;
          await waitForOutbox((waiting) => waiting.some((e) => statusOf(e) === 'deliverd'));
          throw new Error('451 try again later');
        }
        return smtp.sendMail(message);
      },
    };
    const { user, paymentIntentId } = await checkout();
    const { order } = orderResponseSchema.parse(
      (await placeOrderCall(app.app, user.token, paymentIntentId).expect(201)).body,
    );
    const sender = startSender({ transport });
    await waitForEmptyOutbox();
    const before = mailServer.mails.length;
    for (const status of ['Shipped', 'deliverd']) {
      await api
        .put(`/api/v1/auth/order-status/${order._id}`)
        .set('Authorization', admin.token)
        .send({ status })
        .expect(200);
    }
    await mailServer.waitFor(before + 2);
    await waitForEmptyOutbox();
    await sender.stop();

    expect(failed).toBe(true);
    expect(since(before).map((m) => m.subject)).toEqual([
      `Order #${order.number}: Shipped`,
      `Order #${order.number}: deliverd`,
    ]);
  });

  test('when two senders share the outbox, each failing every other attempt, and an admin walks an order through its statuses in quick succession, then the buyer reads them in the order of the changes', async ({
    app,
    api,
    admin,
    checkout,
  }) => {
    const { user, paymentIntentId } = await checkout();
    const { order } = orderResponseSchema.parse(
      (await placeOrderCall(app.app, user.token, paymentIntentId).expect(201)).body,
    );
    const flaky = (): MailTransport => {
      const smtp = smtpTransport(mailServer.url, 4_000);
      let attempts = 0;
      return {
        sendMail: async (message) => {
          attempts += 1;
          if (attempts % 2 === 1) throw new Error('451 try again later');
          return smtp.sendMail(message);
        },
      };
    };
    startSender({ transport: flaky() });
    startSender({ transport: flaky() });
    await waitForEmptyOutbox();
    const before = mailServer.mails.length;
    const statuses = ['Processing', 'Shipped', 'deliverd'];
    for (const status of statuses) {
      await api
        .put(`/api/v1/auth/order-status/${order._id}`)
        .set('Authorization', admin.token)
        .send({ status })
        .expect(200);
    }
    await mailServer.waitFor(before + statuses.length);
    await waitForEmptyOutbox();
    await Promise.all(senders.splice(0).map((s) => s.stop()));

    expect(since(before).map((m) => m.subject)).toEqual(
      statuses.map((status) => `Order #${order.number}: ${status}`),
    );
  });

  test('when an admin cancels a paid order, then the buyer is told of the cancellation and the refund, once', async ({
    app,
    api,
    admin,
    checkout,
  }) => {
    const sender = startSender();
    const { user, paymentIntentId } = await checkout();
    const { order } = orderResponseSchema.parse(
      (await placeOrderCall(app.app, user.token, paymentIntentId).expect(201)).body,
    );
    await waitForEmptyOutbox();
    const before = mailServer.mails.length;
    const cancel = () =>
      api
        .put(`/api/v1/auth/order-status/${order._id}`)
        .set('Authorization', admin.token)
        .send({ status: 'cancel' })
        .expect(200);
    await cancel();
    await cancel();
    await mailServer.waitFor(before + 1);
    await waitForEmptyOutbox();
    await sender.stop();

    expect(since(before)).toHaveLength(1);
    expect(since(before)[0]?.subject).toBe(`Order #${order.number} cancelled`);
    expect(since(before)[0]?.text).toContain(
      `Your order #${order.number} was cancelled and your payment of $159.98 refunded.`,
    );
    expectDeliveryAddressIn(since(before)[0]);
  });

  test('when the mail server is down, then the e-mail is retried with back-off and sent once it is back', async ({
    app,
    checkout,
  }) => {
    await mailServer.stop();
    const sender = startSender();
    const before = mailServer.mails.length;
    const { user, paymentIntentId } = await checkout();
    await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    await waitForOutbox(([event]) => (event?.attempts ?? 0) >= 3);

    await mailServer.start();
    await mailServer.waitFor(before + 1);
    await waitForEmptyOutbox();
    await sender.stop();
    expect(since(before)).toHaveLength(1);
  });

  test('when two senders share the outbox, then every e-mail is sent exactly once', async ({
    app,
    checkout,
  }) => {
    const before = mailServer.mails.length;
    startSender();
    startSender();
    const placed = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const { user, paymentIntentId } = await checkout();
        const res = await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
        return orderResponseSchema.parse(res.body).order;
      }),
    );
    await mailServer.waitFor(before + 6);
    await waitForEmptyOutbox();
    await Promise.all(senders.splice(0).map((s) => s.stop()));

    const subjects = since(before).map((m) => m.subject);
    expect(subjects.sort()).toEqual(placed.map((o) => `Order #${o.number} placed`).sort());
    expect(new Set(since(before).map((m) => m.messageId)).size).toBe(6);
  });

  test('when the mail server took an e-mail but its answer was lost, then the copy sent again carries the same Message-ID', async ({
    app,
    checkout,
  }) => {
    const before = mailServer.mails.length;
    const smtp = smtpTransport(mailServer.url, 4_000);
    let answersLost = 1;
    const sender = startSender({
      transport: {
        sendMail: async (message) => {
          await smtp.sendMail(message);
          if (answersLost-- > 0) throw new Error('connection reset after the data was accepted');
        },
      },
    });
    const { user, paymentIntentId } = await checkout();
    await placeOrderCall(app.app, user.token, paymentIntentId).expect(201);
    await mailServer.waitFor(before + 2);
    await waitForEmptyOutbox();
    await sender.stop();

    const [first, copy] = since(before);
    expect(since(before)).toHaveLength(2);
    expect(copy?.messageId).toBe(first?.messageId);
    expect(copy?.subject).toBe(first?.subject);
  });

  test('when an event was recorded but its change never landed (the process died in between), then it is dropped unsent', async ({
    app,
    checkout,
  }) => {
    const { user, paymentIntentId } = await checkout();
    const { order } = orderResponseSchema.parse(
      (await placeOrderCall(app.app, user.token, paymentIntentId).expect(201)).body,
    );
    const sender = startSender({ landingGraceMs: 300 });
    await waitForEmptyOutbox();
    const before = mailServer.mails.length;

    await recordUnlanded('order.status-changed', order._id);
    await waitForEmptyOutbox();
    await sender.stop();
    expect(since(before)).toEqual([]);
  });

  test('when the order of an event is gone (its checkout was undone), then the event is dropped unsent', async ({
    app,
    checkout,
  }) => {
    const { user, paymentIntentId } = await checkout();
    const { order } = orderResponseSchema.parse(
      (await placeOrderCall(app.app, user.token, paymentIntentId).expect(201)).body,
    );
    const sender = startSender();
    await waitForEmptyOutbox();
    const before = mailServer.mails.length;

    await removeOrder(order._id, Number.MAX_SAFE_INTEGER);
    await recordUnlanded('order.cancelled', order._id);
    await waitForEmptyOutbox();
    await sender.stop();
    expect(since(before)).toEqual([]);
  });
});
