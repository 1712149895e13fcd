import { randomUUID } from 'node:crypto';
import { STAFF_INVITE_ACCEPTED } from '@shop/contracts/staff';
import { digestOfLinkToken, newLinkToken } from '../../lib/link-tokens.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { type Api, createUser, errorOf } from '../../test/harness.js';
import { catchMailOfFile, waitForEmptyMailOutbox } from '../../test/mail-sender.js';
import { recordStaffInvite } from './staff-repository.js';

const caught = catchMailOfFile();

const invite = (api: Api, owner: { token: string }, body: Record<string, unknown>) =>
  api.post('/api/v1/auth/staff/invites').set('Authorization', owner.token).send(body);

const accept = (api: Api, token: string, password = 'staff-pass') =>
  api.post('/api/v1/auth/staff/invites/accept').send({ token, password });

const login = (api: Api, email: string, password: string) =>
  api.post('/api/v1/auth/login').send({ email, password });

/** The token of the last invitation e-mailed to `email`. */
async function invitationTo(email: string): Promise<string> {
  await waitForEmptyMailOutbox();
  const mail = caught.mails().findLast((m) => m.to === email);
  const link = mail?.text.match(/Join the staff: (\S+)/)?.[1];
  if (!link) throw new Error(`no invitation reached ${email}`);
  return new URL(link).searchParams.get('token') ?? '';
}

const freshEmail = () => `staff-${randomUUID().slice(0, 8)}@example.com`;

describe('staff invitations', () => {
  test('when an owner invites a new person, then its link makes an account of that role with the password chosen, once', async ({
    api,
    admin,
  }) => {
    const email = freshEmail();
    const sent = await invite(api, admin, { email, name: 'Pat', staffRole: 'fulfilment' });
    expect(sent.status).toBe(201);
    const token = await invitationTo(email);
    expect(caught.mails().findLast((m) => m.to === email)?.text).toContain('as fulfilment');

    const used = await accept(api, token).expect(200);
    expect(used.body.message).toBe(STAFF_INVITE_ACCEPTED);
    const signedIn = await login(api, email, 'staff-pass').expect(200);
    expect(signedIn.body.user).toMatchObject({ name: 'Pat', role: 1, staffRole: 'fulfilment' });
    await api.get('/api/v1/auth/all-orders').set('Authorization', signedIn.body.token).expect(200);

    const again = await accept(api, token, 'another-pass');
    expect(again.status).toBe(400);
    expect(errorOf(again.body)).toBe('This link is not valid or has expired');
    expect((await login(api, email, 'another-pass')).status).toBe(401);
  });

  test('when a customer’s address is invited, then its link upgrades that account (its orders kept) and signs its other sessions out', async ({
    api,
    admin,
  }) => {
    const customer = await createUser();
    await invite(api, admin, {
      email: customer.email,
      name: 'Ignored',
      staffRole: 'support',
    }).expect(201);

    await accept(api, await invitationTo(customer.email), 'new-staff-pass').expect(200);

    expect(
      (await api.get('/api/v1/auth/user-auth').set('Authorization', customer.token)).status,
    ).toBe(401);
    const signedIn = await login(api, customer.email, 'new-staff-pass').expect(200);
    expect(signedIn.body.user).toMatchObject({ _id: customer.id, role: 1, staffRole: 'support' });
  });

  test('when a link expired, then 400 and no account is made', async ({ api, admin }) => {
    const email = freshEmail();
    const token = newLinkToken();
    const sentAt = new Date(Date.now() - 4 * 24 * 60 * 60 * 1000);
    await recordStaffInvite({
      email,
      name: 'Late',
      staffRole: 'owner',
      hash: digestOfLinkToken(token),
      invitedBy: admin.id,
      sentAt,
      expiresAt: new Date(sentAt.getTime() + 72 * 60 * 60 * 1000),
    });

    expect((await accept(api, token)).status).toBe(400);
    expect((await login(api, email, 'staff-pass')).status).toBe(401);
  });

  test('when one mailbox is invited four times in a day, then it gets three letters', async ({
    api,
    admin,
  }) => {
    const email = freshEmail();
    for (let i = 0; i < 4; i += 1) {
      await invite(api, admin, { email, name: 'Sam', staffRole: 'catalogue' }).expect(201);
    }

    await waitForEmptyMailOutbox();

    expect(caught.mails().filter((m) => m.to === email)).toHaveLength(3);
  });
});
