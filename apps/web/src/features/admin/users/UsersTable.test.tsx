import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, replies } from '../../../test/fixtures';
import { api, expectLoadFailureShown, renderScreen, setupAdminTests } from '../testing/setup';
import { UsersTable } from './UsersTable';

setupAdminTests();

const USERS = '/api/v1/auth/all-users';

describe('All Users', () => {
  it('when users load, then the table lists name, email, phone, address and role as Admin or User', async () => {
    const admin = makeUser({ name: 'Shop Admin', email: 'admin@shop.test', role: 1 });
    const shopper = makeUser();
    api.on('GET', USERS, replies.users([admin, shopper]));
    renderScreen(<UsersTable />);

    expect(screen.getByRole('heading', { name: 'All Users' })).toBeVisible();
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        [...within(row).queryAllByRole('columnheader'), ...within(row).queryAllByRole('cell')].map(
          (c) => c.textContent,
        ),
      );
    expect(rows).toEqual([
      ['Name', 'Email', 'Phone', 'Address', 'Role'],
      ['Shop Admin', 'admin@shop.test', admin.phone, admin.address, 'Admin'],
      ['Demo User', 'user@shop.test', shopper.phone, shopper.address, 'User'],
    ]);
  });

  it('when the users cannot be fetched, then a clear text is toasted and shown in place', async () => {
    api.on('GET', USERS, 'network-error');
    renderScreen(<UsersTable />);

    await expectLoadFailureShown('Something went wrong while fetching users');
  });
});
