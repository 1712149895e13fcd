import { ordersResponseSchema } from '@shop/contracts';
import { FIND_ORDERS_ANSWER, verifyEmailResponseSchema } from '@shop/contracts/guest';
import { afterAll, beforeAll } from 'vitest';
import { type Api, describe, expect, checkoutTest as test } from '../../test/fixtures.js';
import { guestEmail, placeGuestOrder } from '../../test/guest-checkout.js';
import { errorOf } from '../../test/harness.js';
import { startTestSender, waitForEmptyMailOutbox } from '../../test/mail-sender.js';
import { createMailServerOnFreePort, type TestMailServer } from '../../test/mail-server.js';
import { registerAndSignIn } from '../../test/sign-ins.js';

let mailServer: TestMailServer;
let sender: { stop: () => Promise<void> };
const PUBLIC_URL = 'http://shop.test';

beforeAll(async () => {
  mailServer = await createMailServerOnFreePort();
  await mailServer.start();
  sender = startTestSender(mailServer.url, { publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await sender.stop();
  await mailServer.stop();
});

const waitForEmptyOutbox = waitForEmptyMailOutbox;

const mailsTo = (email: string) => mailServer.mails.filter((mail) => mail.to.includes(email));

describe('find my order, and the confirmation e-mail', () => {
  test("when a guest's order is placed, then its confirmation goes to the guest's e-mail and carries the order's link", async ({
    app,
    stripe,
  }) => {
    const email = guestEmail();
    const { number, link } = await placeGuestOrder(app.app, stripe, email);
    await waitForEmptyOutbox();
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe(`Order #${number} placed`);
    expect(mail?.text).toContain('Hello Ada Lovelace,');
    const path = new URL(link).pathname + new URL(link).search;
    expect(mail?.text).toContain(`Your order: ${PUBLIC_URL}${path}`);
    expect(mail?.html).toContain(`href="${PUBLIC_URL}${path}"`);
  });

  test("when an address with orders asks, then it is e-mailed every order's link; an address without any gets the same answer and no e-mail", async ({
    app,
    api,
    stripe,
  }) => {
    const email = guestEmail();
    const first = await placeGuestOrder(app.app, stripe, email);
    const second = await placeGuestOrder(app.app, stripe, email);
    await waitForEmptyOutbox();
    const before = mailsTo(email).length;

    const found = await api.post('/api/v1/order/find').send({ email: email.toUpperCase() });
    const nobody = guestEmail();
    const none = await api.post('/api/v1/order/find').send({ email: nobody });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({ success: true, message: FIND_ORDERS_ANSWER });
    expect(none.status).toBe(200);
    expect(none.body).toEqual(found.body);

    await waitForEmptyOutbox();
    const letters = mailsTo(email).slice(before);
    expect(letters.map((mail) => mail.subject)).toEqual(['Your orders']);
    for (const { number, link } of [first, second]) {
      const path = new URL(link).pathname + new URL(link).search;
      expect(letters[0]?.text).toContain(`Order #${number}: ${PUBLIC_URL}${path}`);
    }
    expect(mailsTo(nobody)).toEqual([]);
  });

  test('when the e-mail is missing or not one, then 400 with the reason', async ({ api }) => {
    const res = await api.post('/api/v1/order/find').send({ email: 'nope' }).expect(400);
    expect(errorOf(res.body)).toBe('Email must be a valid e-mail address');
    await api.post('/api/v1/order/find').send({}).expect(400);
  });
});

const ordersOfAccount = async (api: Api, token: string) =>
  ordersResponseSchema.parse(
    (await api.get('/api/v1/auth/orders').set('Authorization', `Bearer ${token}`)).body,
  ).orders;

describe('POST /api/v1/auth/verify-email: claiming guest orders', () => {
  test("when a guest registers with their e-mail, then the orders are the account's only once it uses, signed in, the link e-mailed to it, and the link works once", async ({
    app,
    api,
    stripe,
  }) => {
    const email = guestEmail();
    const { number } = await placeGuestOrder(app.app, stripe, email);
    await waitForEmptyOutbox();
    const { token } = await registerAndSignIn(api, { email });

    expect(await ordersOfAccount(api, token)).toEqual([]);
    await waitForEmptyOutbox();
    const letter = mailsTo(email).find((mail) => mail.subject === 'Confirm your e-mail');
    const link = /https?:\/\/\S+\/verify-email\?token=(\S+)/.exec(letter?.text ?? '');
    expect(link?.[0].startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true);
    const confirmation = decodeURIComponent(link?.[1] ?? '');
    expect(await ordersOfAccount(api, token)).toEqual([]);

    const res = await api
      .post('/api/v1/auth/verify-email')
      .set('Authorization', token)
      .send({ token: confirmation });
    expect(res.status).toBe(200);
    expect(verifyEmailResponseSchema.parse(res.body)).toEqual({
      success: true,
      message: 'Your e-mail is confirmed',
      claimed: 1,
    });
    const orders = await ordersOfAccount(api, token);
    expect(orders.map((order) => order.number)).toEqual([number]);
    expect(orders[0]?.buyer).not.toBeNull();

    const twice = await api
      .post('/api/v1/auth/verify-email')
      .set('Authorization', token)
      .send({ token: confirmation });
    expect(twice.status).toBe(400);
    expect(errorOf(twice.body)).toBe('This link is not valid or has expired');
  });

  test('when a token is made up or missing, then 400 and nothing is claimed', async ({
    app,
    api,
    stripe,
  }) => {
    const email = guestEmail();
    await placeGuestOrder(app.app, stripe, email);
    const { token } = await registerAndSignIn(api, { email });
    const verify = () => api.post('/api/v1/auth/verify-email').set('Authorization', token);
    const res = await verify().send({ token: 'made-up-token' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toBe('This link is not valid or has expired');
    const missing = await verify().send({});
    expect(missing.status).toBe(400);
    expect(errorOf(missing.body)).toBe('token is required');
    expect(await ordersOfAccount(api, token)).toEqual([]);
  });

  test('when someone registers with an e-mail that placed no guest order, then no confirmation is sent', async ({
    api,
  }) => {
    const { email } = await registerAndSignIn(api, { email: guestEmail() });
    await waitForEmptyOutbox();
    expect(mailsTo(email)).toEqual([]);
  });
});
