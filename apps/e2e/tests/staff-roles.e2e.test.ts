import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminApi } from '../support/admin-api';
import { checkScreen, DESKTOP, errorsOf, login, openPage } from '../support/browser';
import { registerShopper } from '../support/shopper';

const PASSWORD = 'packing-123';

/** A shopper the seeded owner made fulfilment staff through the Staff call; its e-mail. */
async function fulfilmentAccount(): Promise<string> {
  const email = await registerShopper('packer', {
    name: 'Pat Packer',
    password: PASSWORD,
    phone: '555-0199',
    address: '9 Parcel Road',
  });
  const owner = await adminApi();
  // Newest first: the account just registered is on the first page.
  const { users } = (await owner('GET', '/api/v1/auth/all-users?perPage=100')) as {
    users: { _id: string; email: string }[];
  };
  const account = users.find((user) => user.email === email);
  if (!account) throw new Error(`${email} is not listed`);
  await owner('PUT', `/api/v1/auth/staff/${account._id}`, { staffRole: 'fulfilment' });
  return email;
}

async function menuOf(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Admin Panel' });
  await menu.getByRole('link').first().waitFor();
  return menu.getByRole('link').allTextContents();
}

describe('staff roles in the browser', () => {
  it('when a fulfilment account signs in, then its dashboard shows only orders and returns, no sales figures, on a desktop and a phone; a products address says its role cannot', async () => {
    const email = await fulfilmentAccount();
    for (const [viewport, name] of [
      [DESKTOP, 'staff-fulfilment-dashboard'],
      [{ width: 390, height: 844 }, 'staff-fulfilment-dashboard-phone'],
    ] as const) {
      const page = await openPage(viewport);
      await login(page, email, PASSWORD);
      await page.goto('/dashboard/admin');

      await page.getByText('Staff Role : fulfilment').waitFor();
      expect(await menuOf(page)).toEqual(['Orders', 'Returns']);
      expect(await page.getByRole('region', { name: 'Orders by status' }).count()).toBe(0);
      await checkScreen(page, name, { phone: viewport.width < DESKTOP.width });

      await page
        .getByRole('navigation', { name: 'Admin Panel' })
        .getByRole('link', { name: 'Orders' })
        .click();
      await page.getByRole('heading', { name: 'All Orders' }).waitFor();

      await page.goto('/dashboard/admin/products');
      await page
        .getByRole('alert')
        .getByText('Your staff role (fulfilment) cannot manage products')
        .waitFor();
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    }
  });
});
