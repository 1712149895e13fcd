import type { StaffRole } from '@shop/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, sessionOf } from '../../../test/fixtures';
import { api, renderApp, startApi } from '../../../test/render-app';

/** Signed in as staff whose role the server says is `staffRole` (the session kept says owner). */
function openAs(staffRole: StaffRole, path = '/dashboard/admin') {
  startApi();
  api.on('GET', '/api/v1/auth/admin-auth', { status: 200, body: { ok: true, staffRole } });
  // The figures and the two-factor section are other tests': here they are not found.
  api.on('GET', '/api/v1/auth/dashboard', { status: 404, body: { success: false, message: 'x' } });
  api.on('GET', '/api/v1/auth/2fa', { status: 404, body: { success: false, message: 'x' } });
  const staff = makeUser({ name: 'Pat', role: 1, staffRole: 'owner' });
  return renderApp(path, { auth: sessionOf(staff) });
}

async function menuLinks() {
  const menu = await screen.findByRole('navigation', { name: 'Admin Panel' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('the admin menu per staff role', () => {
  it.each<[StaffRole, string[]]>([
    ['fulfilment', ['Orders', 'Returns']],
    ['support', ['Orders', 'Returns', 'Users']],
    ['catalogue', ['Create Category', 'Create Product', 'Products', 'Import', 'Reviews']],
  ])(
    'when a %s account opens the dashboard, then its menu holds only %j and no sales figures are asked',
    async (role, links) => {
      openAs(role);

      expect(await menuLinks()).toEqual(links);
      expect(screen.getByText(`Staff Role : ${role}`)).toBeVisible();
      expect(api.requestsTo('GET', '/api/v1/auth/dashboard')).toEqual([]);
    },
  );

  it('when an owner opens the dashboard, then its menu holds every screen, Staff included, and the figures are asked', async () => {
    openAs('owner');

    expect(await menuLinks()).toHaveLength(13);
    expect(screen.getByRole('link', { name: 'Staff' })).toHaveAttribute(
      'href',
      '/dashboard/admin/staff',
    );
    await screen.findByText('Staff Role : owner');
    expect(api.requestsTo('GET', '/api/v1/auth/dashboard').length).toBeGreaterThan(0);
  });

  it('when a fulfilment account opens the products screen by its address, then it is told its role cannot manage products and nothing is asked of the products', async () => {
    openAs('fulfilment', '/dashboard/admin/products');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your staff role (fulfilment) cannot manage products',
    );
    expect(api.requestsTo('GET', '/api/v1/product/admin-products')).toEqual([]);
    expect(await menuLinks()).toEqual(['Orders', 'Returns']);
  });
});
