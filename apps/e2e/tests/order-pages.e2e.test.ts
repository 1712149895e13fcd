import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import { searchOrders, setStatus } from '../support/admin';
import { checkScreen, DESKTOP, errorsOf, login, openPage, PHONE } from '../support/browser';
import { deliverTo, openShopperPage, payByCard } from '../support/checkout';
import { addFirstProduct, registerShopper } from '../support/shopper';

const SHOPPER = {
  name: 'Olga Ordering',
  password: 'orders123',
  phone: '555-0142',
  address: '7 Timeline Road, Springfield',
};

/** Where the shopper has the order delivered (name and phone come from the account). */
const DELIVERY = {
  Street: '9 Ledger Street',
  City: 'Springfield',
  'Postal code': '49008',
  Country: 'US',
};

const history = (page: Page) =>
  page.getByRole('list', { name: 'Order history' }).getByRole('listitem');

describe('order pages in the browser', () => {
  it('when a shopper pays, then they open their order’s page; the admin finds it by number and by e-mail, changes its status there and exports it as CSV', async () => {
    const email = await registerShopper('order-pages', SHOPPER);
    const shopper = await openShopperPage();
    await login(shopper, email, SHOPPER.password);
    const product = await addFirstProduct(shopper);
    await shopper.goto('/cart');
    await deliverTo(shopper, DELIVERY);
    await payByCard(shopper);

    await shopper.goto('/dashboard/user/orders');
    const link = shopper.getByRole('link', { name: /^Order #\d+$/ }).first();
    const number = Number(((await link.textContent()) ?? '').replace(/\D/g, ''));
    await link.click();
    await shopper.waitForURL(`**/dashboard/user/orders/${number}`);
    await shopper.getByRole('heading', { name: `Order #${number}`, level: 1 }).waitFor();
    await shopper.getByRole('rowheader', { name: new RegExp(product) }).waitFor();
    await shopper.getByText(DELIVERY.Street).waitFor();
    expect(await history(shopper).allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^Placed by ${SHOPPER.name} \\(buyer\\), `)),
    ]);
    await checkScreen(shopper, 'order-page-buyer');
    const phone = await openPage(PHONE);
    await login(phone, email, SHOPPER.password);
    await phone.goto(`/dashboard/user/orders/${number}`);
    await phone.getByRole('list', { name: 'Order history' }).waitFor();
    await checkScreen(phone, 'order-page-buyer-phone', { phone: true });

    const admin = await openPage(DESKTOP);
    await login(admin, SEED_ADMIN.email, SEED_ADMIN.password);
    await admin.goto('/dashboard/admin/orders');
    await searchOrders(admin, `#${number}`, number);
    await searchOrders(admin, email.toUpperCase(), number);
    await checkScreen(admin, 'admin-orders-search');

    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Download CSV' }).click();
    const csv = readFileSync((await (await download).path()) ?? '', 'utf8');
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^Order,Placed at \(UTC\),Status,Buyer,Buyer e-mail,/);
    expect(rows[1]).toContain(`${number},`);
    expect(rows[1]).toContain(`,${SHOPPER.name},${email},`);

    await admin.getByRole('link', { name: `Order #${number}` }).click();
    await admin.waitForURL(`**/dashboard/admin/orders/${number}`);
    await setStatus(admin, `Status of order #${number}`, 'Shipped');
    await expect.poll(() => history(admin).count()).toBe(2);
    expect(await history(admin).nth(1).textContent()).toMatch(
      new RegExp(`^Status set to Shipped by ${SEED_ADMIN.name} \\(admin\\), `),
    );
    await checkScreen(admin, 'order-page-admin');

    const adminPhone = await openPage(PHONE);
    await login(adminPhone, SEED_ADMIN.email, SEED_ADMIN.password);
    await adminPhone.goto(`/dashboard/admin/orders/${number}`);
    await adminPhone.getByRole('list', { name: 'Order history' }).waitFor();
    await checkScreen(adminPhone, 'order-page-admin-phone', { phone: true });

    // The buyer sees who shipped it.
    await shopper.reload();
    await expect.poll(() => history(shopper).count()).toBe(2);
    expect([shopper, phone, admin, adminPhone].flatMap(errorsOf)).toEqual([]);
  });
});
