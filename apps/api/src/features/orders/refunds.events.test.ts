import { webhookResponseSchema } from '@shop/contracts';
import { type Dashboard, dashboardResponseSchema } from '@shop/contracts/dashboard';
import Stripe from 'stripe';
import { afterAll, beforeAll } from 'vitest';
import { uniqueWord } from '../../test/catalogue.js';
import { type Api, describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { sendWaiting } from '../../test/mail-sender.js';
import {
  createMailServerOnFreePort,
  mailsTo,
  type TestMailServer,
} from '../../test/mail-server.js';
import { TEST_WEBHOOK_SECRET } from '../../test/payments-app.js';
import { orderNow, paidOrder, refund } from '../../test/refunds.js';
import { orderEventsCounted } from '../../test/sales.js';

test.afterEach(({ stripe }) => stripe.heal());

let mailServer: TestMailServer;
beforeAll(async () => {
  mailServer = await createMailServerOnFreePort();
  await mailServer.start();
});
afterAll(() => mailServer.stop());

/** Stripe's `charge.refunded` for the payment, signed as Stripe signs it, delivered. */
const chargeRefunded = (api: Api, paymentIntentId: string) => {
  const payload = JSON.stringify({
    id: `evt_${uniqueWord()}`,
    object: 'event',
    type: 'charge.refunded',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: { id: `ch_${uniqueWord()}`, object: 'charge', payment_intent: paymentIntentId },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: TEST_WEBHOOK_SECRET,
  });
  return api
    .post('/api/v1/order/webhook')
    .set('Content-Type', 'application/json; charset=utf-8')
    .set('Stripe-Signature', signature)
    .send(payload);
};

async function todaysRevenue(api: Api, token: string): Promise<number> {
  await orderEventsCounted();
  const res = await api.get('/api/v1/auth/dashboard').set('Authorization', token).expect(200);
  const dashboard: Dashboard = dashboardResponseSchema.parse(res.body).dashboard;
  const today = new Date().toISOString().slice(0, 10);
  return dashboard.days.find((day) => day.date === today)?.revenue ?? 0;
}

describe('a refund made in Stripe’s dashboard (charge.refunded)', () => {
  test('when Stripe sends charge.refunded, again and again, then the refund is recorded once, by nobody, under its Stripe id', async ({
    api,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    const { payment } = await orderNow(orderId);
    stripe.refundFromDashboard(payment.id, 1234);
    const [made] = stripe.refundsOf(payment.id);

    for (let delivery = 0; delivery < 3; delivery += 1) {
      const res = await chargeRefunded(api, payment.id);
      expect(res.status).toBe(200);
      expect(webhookResponseSchema.parse(res.body)).toEqual({ received: true });
    }

    const order = await orderNow(orderId);
    expect(order.refunds).toEqual([
      expect.objectContaining({
        _id: made?.id,
        amount: 12.34,
        by: null,
        reason: 'Refunded in Stripe',
        stripeRefund: made?.id,
        status: 'done',
      }),
    ]);
    expect(order.refundedAmount).toBe(12.34);
  });

  test('when Stripe sends charge.refunded for the shop’s own refunds, then nothing is recorded twice, and a dashboard refund beside them once', async ({
    api,
    admin,
    stripe,
  }) => {
    const orderId = await paidOrder(stripe);
    await refund(api, admin.token, orderId, { amount: 5, reason: 'Goodwill' }).expect(201);
    const { payment } = await orderNow(orderId);
    stripe.refundFromDashboard(payment.id, 100);

    await chargeRefunded(api, payment.id).expect(200);
    await chargeRefunded(api, payment.id).expect(200);

    const order = await orderNow(orderId);
    expect(order.refunds?.map(({ amount, by }) => ({ amount, by: by?._id ?? null }))).toEqual([
      { amount: 5, by: admin.id },
      { amount: 1, by: null },
    ]);
    expect(order.refundedAmount).toBe(6);
    // What is left takes the dashboard's refund into account.
    const over = await refund(api, admin.token, orderId, { amount: 54.1, reason: 'Too much' });
    expect(over.status).toBe(409);
  });

  test('when the payment is no order’s, then it is acknowledged and nothing is recorded', async ({
    api,
    stripe,
  }) => {
    const intent = stripe.insert({ amount: 1000, status: 'succeeded' });
    stripe.refundFromDashboard(intent.id);

    const res = await chargeRefunded(api, intent.id);

    expect(res.status).toBe(200);
  });
});

describe('what a refund tells', () => {
  test('when an order is refunded in part, then today’s revenue on the dashboard is net of it, each refund counted once', async ({
    api,
    admin,
    stripe,
  }) => {
    const before = await todaysRevenue(api, admin.token);
    const orderId = await paidOrder(stripe);
    const placed = await todaysRevenue(api, admin.token);

    await refund(api, admin.token, orderId, { amount: 10, reason: 'Goodwill' }).expect(201);
    const { payment } = await orderNow(orderId);
    stripe.refundFromDashboard(payment.id, 250);
    await chargeRefunded(api, payment.id).expect(200);
    await chargeRefunded(api, payment.id).expect(200);
    const refunded = await todaysRevenue(api, admin.token);

    expect(placed - before).toBe(6009);
    expect(refunded - placed).toBe(-1250);
    await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'cancel' })
      .expect(200);
    expect(await todaysRevenue(api, admin.token)).toBe(before);
  });

  test('when an admin refunds an order, then its buyer is e-mailed what was refunded, once per refund; a cancellation only its own e-mail', async ({
    api,
    admin,
    stripe,
  }) => {
    const email = `${uniqueWord()}@example.com`;
    const orderId = await paidOrder(stripe, { email });
    const { number } = await orderNow(orderId);
    const before = mailServer.mails.length;

    await refund(api, admin.token, orderId, { amount: 2.5, reason: 'Goodwill' }).expect(201);
    await api
      .put(`/api/v1/auth/order-status/${orderId}`)
      .set('Authorization', admin.token)
      .send({ status: 'cancel' })
      .expect(200);
    await sendWaiting(mailServer, before, 2);

    const mails = mailsTo(mailServer.mails.slice(before), email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Order #${number}: $2.50 refunded`,
      `Order #${number} cancelled`,
    ]);
    expect(mails[0]?.text).toContain(`$2.50 of your payment for order #${number} was refunded`);
  });
});
