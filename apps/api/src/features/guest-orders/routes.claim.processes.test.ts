import { randomUUID } from 'node:crypto';
import { ordersResponseSchema } from '@shop/contracts';
import { verifyEmailResponseSchema } from '@shop/contracts/guest';
import { mailboxOf } from '../../lib/mailbox.js';
import { type Api, describe, expect, twoProcessTest as test } from '../../test/fixtures.js';
import { guestEmail, placeGuestOrder } from '../../test/guest-checkout.js';
import { createUser, errorOf } from '../../test/harness.js';
import { catchMailOfFile, waitForEmptyMailOutbox } from '../../test/mail-sender.js';
import { linkTokenTo } from '../../test/mail-server.js';
import { registerAndSignIn } from '../../test/sign-ins.js';

/*
 * Claiming a guest's orders by the link e-mailed to their address, over two API processes on one
 * database: the file's app (`api`) and another process (`other`), as a shop behind a balancer.
 */

const VERIFY = '/api/v1/auth/verify-email';
const OTHER_ACCOUNT = 'This link was sent for another account: sign in to that account to use it';

const caught = catchMailOfFile();
/** Each test makes many calls to two processes, on a machine other suites share. */
const PROCESSES_TIMEOUT_MS = 120_000;

// The second process starts here, in the hook's time, not in the first test's.
test.beforeAll(async ({ otherUrl: _ }) => {});

/** The token of the confirmation last e-mailed to `email`, once every e-mail went out. */
async function confirmationTo(email: string) {
  await waitForEmptyMailOutbox();
  return linkTokenTo(caught.mails(), email, 'verify-email');
}

const orderNumbersOf = async (api: Api, token: string) =>
  ordersResponseSchema
    .parse((await api.get('/api/v1/auth/orders').set('Authorization', token)).body)
    .orders.map((order) => order.number);

describe('POST /api/v1/auth/verify-email over two processes: only the account it was sent for', {
  timeout: PROCESSES_TIMEOUT_MS,
}, () => {
  test("when someone registers with a guest's e-mail and the guest presses the link signed out, then the registrant lists none of the guest's orders, then or placed later", async ({
    app,
    api,
    stripe,
    other,
    otherUrl,
  }) => {
    const victim = guestEmail();
    await placeGuestOrder(otherUrl, stripe, victim);
    const registrant = await registerAndSignIn(api, { email: victim, name: 'Mallory' });
    expect(await orderNumbersOf(other, registrant.token)).toEqual([]);

    const { token } = await confirmationTo(victim);
    const pressed = [
      await other.post(VERIFY).send({ token }),
      await api.post(VERIFY).send({ token }),
    ];
    await placeGuestOrder(app.app, stripe, victim);

    for (const either of [api, other]) {
      expect(await orderNumbersOf(either, registrant.token)).toEqual([]);
    }
    expect(pressed.map((res) => res.status)).toEqual([401, 401]);
  });

  test("when the link is pressed in another account's session, then 403 and nothing is claimed; its own account can still use it", async ({
    api,
    stripe,
    other,
    otherUrl,
  }) => {
    const email = guestEmail();
    const { number } = await placeGuestOrder(otherUrl, stripe, email);
    const owner = await registerAndSignIn(api, { email });
    const someone = await createUser();
    const { token } = await confirmationTo(email);

    const refused = await other.post(VERIFY).set('Authorization', someone.token).send({ token });
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body)).toBe(OTHER_ACCOUNT);
    expect(await orderNumbersOf(api, someone.token)).toEqual([]);

    const res = await api.post(VERIFY).set('Authorization', owner.token).send({ token });
    expect(res.status).toBe(200);
    expect(verifyEmailResponseSchema.parse(res.body).claimed).toBe(1);
    expect(await orderNumbersOf(other, owner.token)).toEqual([number]);
  });

  test('when the account that registered confirms signed in, then the guest orders of its mailbox (any spelling) placed before the letter are its, and not those placed after', async ({
    app,
    api,
    stripe,
    other,
    otherUrl,
  }) => {
    const local = `ada${randomUUID().slice(0, 8)}`;
    const spelled = `${local.slice(0, 3)}.${local.slice(3)}+shop@googlemail.com`;
    const email = `${local}@gmail.com`;
    const before = await placeGuestOrder(otherUrl, stripe, spelled);
    const account = await registerAndSignIn(api, { email });
    const { token } = await confirmationTo(email);
    await placeGuestOrder(app.app, stripe, spelled);

    const res = await other.post(VERIFY).set('Authorization', account.token).send({ token });
    expect(res.status).toBe(200);
    expect(verifyEmailResponseSchema.parse(res.body).claimed).toBe(1);
    expect(await orderNumbersOf(api, account.token)).toEqual([before.number]);
  });

  test('when the confirmation is e-mailed, then it names the account as registered and says to ignore it if that is not you', async ({
    stripe,
    other,
    otherUrl,
  }) => {
    const email = guestEmail();
    await placeGuestOrder(otherUrl, stripe, email);
    await registerAndSignIn(other, { email, name: 'Mallory Registrant' });

    const { letter } = await confirmationTo(email);
    expect(letter.subject).toBe('Confirm your e-mail');
    expect(letter.text).toContain(
      'An account named "Mallory Registrant" was registered with this e-mail address.',
    );
    expect(letter.text).toContain('If it is not yours, ignore this letter');
    expect(letter.html).toContain('&quot;Mallory Registrant&quot;');
  });

  test("when five accounts register with +tag spellings of a guest's address, on both processes, then that mailbox gets three confirmation letters that day", async ({
    api,
    other,
    stripe,
    otherUrl,
  }) => {
    const email = guestEmail();
    await placeGuestOrder(otherUrl, stripe, email);
    const spellings = [1, 2, 3, 4, 5].map((i) => email.replace('@', `+${i}@`));
    for (const [i, spelling] of spellings.entries()) {
      await registerAndSignIn(i % 2 ? api : other, { email: spelling });
    }
    await waitForEmptyMailOutbox();
    const letters = caught
      .mails()
      .filter(
        (mail) => mailboxOf(mail.to) === mailboxOf(email) && mail.text.includes('/verify-email?'),
      );
    expect(letters).toHaveLength(3);
  });
});
