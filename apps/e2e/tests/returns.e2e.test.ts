import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../mail/catcher';
import { SEED_ADMIN } from '../support/accounts';
import {
  baseUrl,
  checkScreen,
  DESKTOP,
  errorsOf,
  login,
  openPage,
  PHONE,
} from '../support/browser';
import { deliverTo, openShopperPage, payByCard } from '../support/checkout';
import { registerShopper } from '../support/shopper';

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

/** Puts the home page's first two products in the cart, as a shopper does; answers their names. */
async function addFirstTwoProducts(page: Page) {
  await page.goto('/');
  const cards = page.getByRole('article');
  await cards.nth(1).waitFor();
  const badge = page.locator('.cart-link .badge');
  const names: string[] = [];
  for (const n of [0, 1]) {
    const card = cards.nth(n);
    names.push(((await card.getByRole('heading').first().textContent()) ?? '').trim());
    await card.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect.poll(async () => Number(await badge.textContent())).toBe(n + 1);
  }
  return names;
}

/** The stock of the seeded product called `name`, as the catalogue answers it. */
async function stockOf(name: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/v1/product/search/${encodeURIComponent(name)}`);
  const products = (await res.json()) as { name: string; quantity: number }[];
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`${name} is not in the catalogue`);
  return found.quantity;
}

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
  it('when a buyer asks to return two items on the order page, then the admin approves, receives one back on the shelf and one not, and refunds, and the buyer’s page and e-mails show each step, on a desktop and a phone', async () => {
    const email = await registerShopper('returns', SHOPPER);
    const shopper = await openShopperPage();
    await login(shopper, email, SHOPPER.password);
    const [kept, broken] = (await addFirstTwoProducts(shopper)) as [string, string];
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
    // One of each: one goes back on the shelf, the other arrived broken.
    for (const n of [0, 1])
      await returns
        .getByLabel(/units to return/)
        .nth(n)
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
    const restock = cardOf(admin, number).getByLabel(/to restock/);
    await restock.nth(1).fill('0');
    await checkScreen(admin, 'returns-admin-approved');
    const before = [await stockOf(kept), await stockOf(broken)];
    await move(admin, number, 'Mark received', 'Return received');
    expect([await stockOf(kept), await stockOf(broken)]).toEqual([(before[0] ?? 0) + 1, before[1]]);
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

    // Each step reached the buyer's inbox.
    for (const step of ['requested', 'approved', 'received', 'refunded']) {
      await waitForMail(email, `Order #${number}: return ${step}`);
    }

    expect([shopper, admin, phone, adminPhone].flatMap(errorsOf)).toEqual([]);
  });
});
