import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailsTo, readInCatcher, waitForMail } from '../mail/catcher';
import { SEED_ADMIN } from '../support/accounts';
import { expectChartsDrawn, searchOrders, setStatus } from '../support/admin';
import { DESKTOP, errorsOf, login, openPage, shot } from '../support/browser';
import { deliverTo, openShopperPage, payByCard } from '../support/checkout';
import { SCREENSHOT_DIR } from '../support/paths';
import { addFirstProduct, registerShopper } from '../support/shopper';

/** Issue 18's walk-through, step by step, for its note (apps/e2e/screenshots/ is not committed). */
const SHOTS = 'issue-18';

const SHOPPER = {
  name: 'Maria Mailbox',
  password: 'mailflow123',
  phone: '555-0118',
  address: '3 Inbox Avenue, Springfield',
};

/** Where the shopper has the order delivered (name and phone come from the account). */
const DELIVERY = {
  Street: '18 Outbox Street',
  City: 'Shelbyville',
  'Postal code': '49018',
  Country: 'US',
};

const step = (page: Page, name: string) => shot(page, `${SHOTS}/${name}`);

describe('an order’s e-mails and back office in the browser', () => {
  it('when a shopper pays, then the confirmation e-mail reaches the catcher; the admin finds the order, ships it and cancels it (an e-mail each, the last saying the payment was refunded), exports it and reads the charts', async () => {
    mkdirSync(join(SCREENSHOT_DIR, SHOTS), { recursive: true });
    const email = await registerShopper('order-mails', SHOPPER);

    // The shopper: a delivery address, the card, the order's page with its number.
    const shopper = await openShopperPage();
    await login(shopper, email, SHOPPER.password);
    const product = await addFirstProduct(shopper);
    await shopper.goto('/cart');
    await deliverTo(shopper, DELIVERY);
    await step(shopper, '01-cart-delivery-address');
    await payByCard(shopper);
    await shopper.goto('/dashboard/user/orders');
    const link = shopper.getByRole('link', { name: /^Order #\d+$/ }).first();
    const number = Number(((await link.textContent()) ?? '').replace(/\D/g, ''));
    await link.click();
    await shopper.waitForURL(`**/dashboard/user/orders/${number}`);
    await shopper.getByRole('heading', { name: `Order #${number}`, level: 1 }).waitFor();
    await shopper.getByRole('rowheader', { name: new RegExp(product) }).waitFor();
    const total = (
      (await shopper
        .getByRole('region', { name: 'Order totals' })
        .locator('dt', { hasText: /^Total$/ })
        .locator('+ dd')
        .textContent()) ?? ''
    ).trim();
    expect(total).toMatch(/^\$\d[\d,]*\.\d\d$/);
    await step(shopper, '02-buyer-order-page');

    // The confirmation, read in the catcher's page.
    const placed = await waitForMail(email, `Order #${number} placed`);
    const inbox = await openPage(DESKTOP);
    const confirmation = await readInCatcher(inbox, placed, email);
    await confirmation.getByText(`Thank you for your order #${number}.`).waitFor();
    await confirmation.getByRole('cell', { name: new RegExp(`^1 × ${product}`) }).waitFor();
    await confirmation.getByRole('row', { name: `Total ${total}` }).waitFor();
    for (const line of [SHOPPER.name, DELIVERY.Street, DELIVERY.City, DELIVERY['Postal code']]) {
      await confirmation.getByText(line, { exact: false }).first().waitFor();
    }
    expect(placed.text).toContain(`1 x ${product}: `);
    expect(placed.text).toContain(`Total: ${total}`);
    expect(placed.text).toContain(DELIVERY.Street);
    await inbox.screenshot({ path: join(SCREENSHOT_DIR, SHOTS, '03-confirmation-email.png') });

    // The admin finds it by number and by e-mail, and ships it from the list.
    const admin = await openPage(DESKTOP);
    await login(admin, SEED_ADMIN.email, SEED_ADMIN.password);
    await admin.goto('/dashboard/admin/orders');
    await searchOrders(admin, `#${number}`, number);
    await step(admin, '04-admin-orders-by-number');
    await searchOrders(admin, email, number);
    await setStatus(admin, 'Status of order 1', 'Shipped');
    await step(admin, '05-admin-orders-by-email-shipped');
    const shipped = await waitForMail(email, `Order #${number}: Shipped`);
    expect(shipped.text).toContain(`The status of your order #${number} is now: Shipped.`);
    expect(shipped.text).toContain(DELIVERY.Street);

    // It cancels it from the order page: the payment goes back, and the buyer is told so.
    await admin.getByRole('link', { name: `Order #${number}` }).click();
    await admin.waitForURL(`**/dashboard/admin/orders/${number}`);
    await setStatus(admin, `Status of order #${number}`, 'cancel');
    await admin
      .getByRole('list', { name: 'Order history' })
      .getByText(/^Cancelled by /)
      .waitFor();
    await step(admin, '06-admin-order-page-cancelled');
    const cancelled = await waitForMail(email, `Order #${number} cancelled`);
    expect(cancelled.text).toContain(
      `Your order #${number} was cancelled and your payment of ${total} refunded.`,
    );
    const cancellation = await readInCatcher(inbox, cancelled, email);
    await cancellation.getByText(/refunded\.$/).waitFor();
    await inbox.screenshot({ path: join(SCREENSHOT_DIR, SHOTS, '07-cancellation-email.png') });

    // Three e-mails, each once.
    expect((await mailsTo(email)).map((mail) => mail.subject).sort()).toEqual(
      [`Order #${number} placed`, `Order #${number}: Shipped`, `Order #${number} cancelled`].sort(),
    );

    // The CSV of the orders found by the buyer's e-mail holds the order, cancelled.
    await admin.goto('/dashboard/admin/orders');
    await searchOrders(admin, email, number);
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Download CSV' }).click();
    const csv = readFileSync((await (await download).path()) ?? '', 'utf8');
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(new RegExp(`^${number},[^,]+,cancel,${SHOPPER.name},${email},`));

    // The dashboard's charts, drawn from the figures.
    await admin.goto('/dashboard/admin');
    await expectChartsDrawn(admin);
    await step(admin, '08-admin-dashboard-charts');

    expect([shopper, admin].flatMap(errorsOf)).toEqual([]);
  });
});
