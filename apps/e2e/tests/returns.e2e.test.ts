import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import { checkScreen, DESKTOP, errorsOf, login, openPage, PHONE } from '../support/browser';
import { deliverTo, openShopperPage, payByCard } from '../support/checkout';
import { addFirstProduct, registerShopper } from '../support/shopper';

const SHOPPER = {
  name: 'Rory Return',
  password: 'returns123',
  phone: '555-0178',
  address: '4 Return Lane, Springfield',
};

const DELIVERY = {
  Street: '4 Return Lane',
  City: 'Springfield',
  'Postal code': '49008',
  Country: 'US',
};

/** Waits for a toast that says exactly `text`. */
const toasted = (page: Page, text: string) =>
  page
    .locator('[role="status"]')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first()
    .waitFor();

/** The admin's card of the return of order `number`. */
const cardOf = (page: Page, number: number) =>
  page.getByRole('article').filter({ has: page.getByRole('link', { name: `order #${number}` }) });

/** Clicks the card's `button` and waits for the server's 200 and the toast `done`. */
async function move(page: Page, number: number, button: string, done: string) {
  const answered = page.waitForResponse(
    (res) => res.request().method() === 'PUT' && res.url().includes('/api/v1/returns/'),
  );
  await cardOf(page, number).getByRole('button', { name: button }).click();
  expect((await answered).status()).toBe(200);
  await toasted(page, done);
}

describe('returns in the browser', () => {
  it('when a buyer asks for a return on the order page, then the admin approves, receives and refunds it, and the buyer’s page shows each step, on a desktop and a phone', async () => {
    const email = await registerShopper('returns', SHOPPER);
    const shopper = await openShopperPage();
    await login(shopper, email, SHOPPER.password);
    await addFirstProduct(shopper);
    await shopper.goto('/cart');
    await deliverTo(shopper, DELIVERY);
    await payByCard(shopper);
    await shopper.goto('/dashboard/user/orders');
    const link = shopper.getByRole('link', { name: /^Order #\d+$/ }).first();
    const number = Number(((await link.textContent()) ?? '').replace(/\D/g, ''));

    await shopper.goto(`/dashboard/user/orders/${number}`);
    const returns = shopper.getByRole('region', { name: 'Returns' });
    await returns.getByText('No returns asked for.').waitFor();
    // Nothing chosen is said beside the form; nothing is sent.
    await returns.getByRole('button', { name: 'Return items' }).click();
    await returns.getByText('Choose how many units of which items to return').waitFor();
    await returns
      .getByLabel(/units to return/)
      .first()
      .fill('1');
    await returns.getByLabel('Reason').fill('Wrong size');
    await returns.getByRole('button', { name: 'Return items' }).click();
    await toasted(shopper, 'Return requested');
    await returns.getByText('Requested', { exact: true }).waitFor();
    await checkScreen(shopper, 'return-asked');

    const admin = await openPage(DESKTOP);
    await login(admin, SEED_ADMIN.email, SEED_ADMIN.password);
    await admin.goto('/dashboard/admin/returns');
    await cardOf(admin, number).waitFor();
    await checkScreen(admin, 'returns-admin');
    await move(admin, number, 'Approve', 'Return approved');
    await cardOf(admin, number)
      .getByLabel(/to restock/)
      .first()
      .waitFor();
    await checkScreen(admin, 'returns-admin-approved');
    await move(admin, number, 'Mark received', 'Return received');
    await move(admin, number, 'Refund', 'Return refunded');
    await cardOf(admin, number).getByText('refunded', { exact: true }).waitFor();

    const phone = await openShopperPage(PHONE);
    await login(phone, email, SHOPPER.password);
    await phone.goto(`/dashboard/user/orders/${number}`);
    await phone
      .getByRole('region', { name: 'Returns' })
      .getByText('Refunded', { exact: true })
      .waitFor();
    await phone.getByText('Return refunded').first().waitFor();
    await checkScreen(phone, 'return-refunded-phone', { phone: true });

    const adminPhone = await openPage(PHONE);
    await login(adminPhone, SEED_ADMIN.email, SEED_ADMIN.password);
    await adminPhone.goto('/dashboard/admin/returns?status=refunded');
    await cardOf(adminPhone, number).waitFor();
    await checkScreen(adminPhone, 'returns-admin-phone', { phone: true });

    expect([shopper, admin, phone, adminPhone].flatMap(errorsOf)).toEqual([]);
  });
});
