import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../../test/fixtures';
import { api, findToast, renderScreen, setupAdminTests } from '../testing/setup';
import { StaffManager } from './StaffManager';

setupAdminTests();

const STAFF = '/api/v1/auth/staff';
const pat = makeUser({ name: 'Pat', email: 'pat@shop.test', role: 1, staffRole: 'fulfilment' });
const owner = makeUser({ name: 'Olu', email: 'olu@shop.test', role: 1, staffRole: 'owner' });
const listed = (staff = [owner, pat]) => ({
  status: 200,
  body: { success: true, staff, total: staff.length },
});

async function openStaff() {
  api.on('GET', STAFF, listed());
  renderScreen(<StaffManager />, '/dashboard/admin/staff');
  await screen.findByRole('table');
  return userEvent.setup();
}

describe('Staff', () => {
  it('when the staff load, then each account shows with its role in a select', async () => {
    await openStaff();

    expect(screen.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
    expect(screen.getByLabelText('Staff role of Pat')).toHaveDisplayValue('fulfilment');
    expect(screen.getByLabelText('Staff role of Olu')).toHaveDisplayValue('owner');
  });

  it('when the owner gives Pat the support role, then it is sent, toasted and the list read again', async () => {
    const user = await openStaff();
    api.on('PUT', `${STAFF}/${pat._id}`, {
      status: 200,
      body: {
        success: true,
        message: 'Staff role changed',
        user: { ...pat, staffRole: 'support' },
      },
    });
    api.on('GET', STAFF, listed([owner, { ...pat, staffRole: 'support' }]));

    await user.selectOptions(screen.getByLabelText('Staff role of Pat'), 'support');

    expect(await findToast('Staff role changed')).toBeInTheDocument();
    expect(api.requestsTo('PUT', `${STAFF}/${pat._id}`).map((r) => r.body)).toEqual([
      { staffRole: 'support' },
    ]);
    expect(await screen.findByDisplayValue('support')).toBeVisible();
  });

  it('when the last owner would step down, then the server’s words are toasted and the select keeps owner', async () => {
    const user = await openStaff();
    const lastOwner = 'The shop’s last owner cannot stop being one: make another owner first';
    api.on('PUT', `${STAFF}/${owner._id}`, {
      status: 409,
      body: { success: false, message: lastOwner },
    });

    await user.selectOptions(screen.getByLabelText('Staff role of Olu'), 'customer (no role)');

    expect(await findToast(lastOwner)).toBeInTheDocument();
    expect(api.requestsTo('PUT', `${STAFF}/${owner._id}`)[0]?.body).toEqual({ staffRole: null });
    expect(screen.getByLabelText('Staff role of Olu')).toHaveDisplayValue('owner');
  });

  it('when the owner invites someone, then name, e-mail and role are sent and the form empties', async () => {
    const user = await openStaff();
    api.on('POST', `${STAFF}/invites`, {
      status: 201,
      body: { success: true, message: 'Invitation sent' },
    });
    const form = screen.getByRole('form', { name: 'Invite staff' });

    await user.type(within(form).getByLabelText('Name'), 'Sam');
    await user.type(within(form).getByLabelText('E-mail'), 'sam@shop.test');
    await user.selectOptions(within(form).getByLabelText('Staff role'), 'catalogue');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    expect(await findToast('Invitation sent')).toBeInTheDocument();
    expect(api.requestsTo('POST', `${STAFF}/invites`).map((r) => r.body)).toEqual([
      { email: 'sam@shop.test', name: 'Sam', staffRole: 'catalogue' },
    ]);
    expect(within(form).getByLabelText('Name')).toHaveValue('');
  });
});
