import { ordersResponseSchema } from '@shop/contracts';
import { mailboxOf } from '../../lib/mailbox.js';
import { type Api, describe, expect, twoProcessTest as test } from '../../test/fixtures.js';
import { guestEmail, placeGuestOrder } from '../../test/guest-checkout.js';
import { createAdmin, errorOf, registrationForm } from '../../test/harness.js';
import { catchMailOfFile, waitForEmptyMailOutbox } from '../../test/mail-sender.js';
import { linkTokenTo, mailsTo } from '../../test/mail-server.js';
import { registerAndSignIn } from '../../test/sign-ins.js';

/*
 * An address held by an account that never confirmed it is taken over by its mailbox's owner,
 * over two API processes on one database: the file's app (`api`) and another process (`other`).
 */

const REGISTER = '/api/v1/auth/register';
const TAKE_OVER = '/api/v1/auth/take-over';
const LINK_NOT_VALID = 'This link is not valid or has expired';

const caught = catchMailOfFile();
/** Each test makes many calls to two processes, on a machine other suites share. */
const PROCESSES_TIMEOUT_MS = 120_000;

// The second process starts here, in the hook's time, not in the first test's.
test.beforeAll(async ({ otherUrl: _ }) => {});

/** The letters e-mailed to `email` whose link takes its account over, once every e-mail went out. */
async function takeOverLettersTo(email: string) {
  await waitForEmptyMailOutbox();
  return mailsTo(caught.mails(), email).filter((mail) => mail.text.includes('/take-over?'));
}

const signInStatus = async (api: Api, email: string, password: string) =>
  (await api.post('/api/v1/auth/login').send({ email, password })).status;

describe('POST /api/v1/auth/take-over over two processes: the mailbox owns the address', {
  timeout: PROCESSES_TIMEOUT_MS,
}, () => {
  test('when the owner registers with an address an unconfirmed account holds, then 409 as before, and the link e-mailed to it sets a password: the account and its guest orders are the owner’s, the registrant signed out in every process', async ({
    api,
    stripe,
    other,
    otherUrl,
  }) => {
    const email = guestEmail();
    const { number } = await placeGuestOrder(otherUrl, stripe, email);
    const registrant = await registerAndSignIn(api, { email, name: 'Mallory' });
    await waitForEmptyMailOutbox();

    const refused = await other.post(REGISTER).send(registrationForm({ email, name: 'Ada' }));
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body)).toBe('Already registered, please login');
    await waitForEmptyMailOutbox();
    const { token, letter } = linkTokenTo(caught.mails(), email, 'take-over');
    expect(letter.text).toContain('an account named "Mallory" that never confirmed it');

    const res = await api.post(TAKE_OVER).send({ token, password: 'owner-secret' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'The account is yours: sign in with your e-mail and new password',
    });

    for (const either of [api, other]) {
      await expect
        .poll(
          async () =>
            (await either.get('/api/v1/auth/user-auth').set('Authorization', registrant.token))
              .status,
        )
        .toBe(401);
      expect(await signInStatus(either, email, registrant.password)).toBe(401);
    }
    const owner = await other.post('/api/v1/auth/login').send({ email, password: 'owner-secret' });
    expect(owner.status).toBe(200);
    const orders = await api.get('/api/v1/auth/orders').set('Authorization', owner.body.token);
    expect(ordersResponseSchema.parse(orders.body).orders.map((o) => o.number)).toEqual([number]);

    const again = await api.post(REGISTER).send(registrationForm({ email }));
    expect(again.status).toBe(409);
    expect(await takeOverLettersTo(email)).toHaveLength(1);
  });

  test('when the address is asked for again within 30 minutes, then the same 409 and no second letter; an admin’s address gets none', async ({
    api,
    other,
  }) => {
    const held = await registerAndSignIn(api);
    for (const either of [api, other, api]) {
      const res = await either.post(REGISTER).send(registrationForm({ email: held.email }));
      expect(res.status).toBe(409);
    }
    expect(await takeOverLettersTo(held.email)).toHaveLength(1);

    const admin = await createAdmin();
    const res = await other.post(REGISTER).send(registrationForm({ email: admin.email }));
    expect(res.status).toBe(409);
    expect(await takeOverLettersTo(admin.email)).toEqual([]);
  });

  test('when the link is made up, used twice, or the password too short, then 400 and the account keeps its password', async ({
    api,
    other,
  }) => {
    const held = await registerAndSignIn(api);
    await other
      .post(REGISTER)
      .send(registrationForm({ email: held.email }))
      .expect(409);
    await waitForEmptyMailOutbox();
    const { token } = linkTokenTo(caught.mails(), held.email, 'take-over');

    const short = await api.post(TAKE_OVER).send({ token, password: '123' });
    expect(short.status).toBe(400);
    expect(errorOf(short.body)).toBe('Password must be at least 6 characters long');
    const madeUp = await other.post(TAKE_OVER).send({ token: 'made-up', password: 'new-secret' });
    expect(madeUp.status).toBe(400);
    expect(errorOf(madeUp.body)).toBe(LINK_NOT_VALID);
    expect(await signInStatus(api, held.email, held.password)).toBe(200);

    await other.post(TAKE_OVER).send({ token, password: 'new-secret' }).expect(200);
    const twice = await api.post(TAKE_OVER).send({ token, password: 'third-secret' });
    expect(twice.status).toBe(400);
    expect(errorOf(twice.body)).toBe(LINK_NOT_VALID);
    expect(await signInStatus(other, held.email, 'new-secret')).toBe(200);
  });

  test('when five unconfirmed accounts hold +tag spellings of one address and each is registered again, on both processes, then that mailbox gets three take-over letters that day', async ({
    api,
    other,
  }) => {
    const email = guestEmail();
    const spellings = [1, 2, 3, 4, 5].map((i) => email.replace('@', `+${i}@`));
    for (const spelling of spellings) await registerAndSignIn(api, { email: spelling });
    for (const [i, spelling] of spellings.entries()) {
      const refused = await (i % 2 ? api : other)
        .post(REGISTER)
        .send(registrationForm({ email: spelling, name: 'Ada' }));
      expect(refused.status).toBe(409);
    }
    await waitForEmptyMailOutbox();
    const letters = caught
      .mails()
      .filter(
        (mail) => mailboxOf(mail.to) === mailboxOf(email) && mail.text.includes('/take-over?'),
      );
    expect(letters).toHaveLength(3);
  });
});
