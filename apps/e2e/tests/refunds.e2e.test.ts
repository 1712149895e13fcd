import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import { checkScreen, DESKTOP, errorsOf, login, openPage, PHONE } from '../support/browser';
import { deliverTo, openShopperPage, payByCard } from '../support/checkout';
import { addFirstProduct, registerShopper } from '../support/shopper';

const SHOPPER = {
  name: 'Rhea Refund',
  password: 'refunds123',
  phone: '555-0177',
  address: '3 Return Lane, Springfield',
};

const DELIVERY = {
  Street: '3 Return Lane',
  City: 'Springfield',
  'Postal code': '49008',
  Country: 'US',
};

const panel = (page: Page) => page.getByRole('region', { name: 'Refund' });

/** Refunds `amount` with `reason` through the panel, confirmed, and waits for the toast. */
async function refundAmount(page: Page, amount: string, reason: string) {
  await panel(page).getByLabel('Amount (USD)').fill(amount);
  await panel(page).getByLabel('Reason').fill(reason);
  await panel(page).getByText(`Will refund: $${amount}`).waitFor();
  await panel(page).getByRole('button', { name: 'Refund' }).click();
  const answered = page.waitForResponse(
    (res) => res.request().method() === 'POST' && res.url().includes('/refunds'),
  );
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  expect((await answered).status()).toBe(201);
  await page
    .locator('[role="status"]')
    .filter({ hasText: /^Refund recorded$/ })
    .first()
    .waitFor();
}

describe('refunds in the browser', () => {
  it('when the admin refunds part of a paid order on its page, then the panel shows what was refunded, on a desktop and a phone', async () => {
    const email = await registerShopper('refunds', SHOPPER);
    const shopper = await openShopperPage();
    await login(shopper, email, SHOPPER.password);
    await addFirstProduct(shopper);
    await shopper.goto('/cart');
    await deliverTo(shopper, DELIVERY);
    await payByCard(shopper);
    await shopper.goto('/dashboard/user/orders');
    const link = shopper.getByRole('link', { name: /^Order #\d+$/ }).first();
    const number = Number(((await link.textContent()) ?? '').replace(/\D/g, ''));

    const admin = await openPage(DESKTOP);
    await login(admin, SEED_ADMIN.email, SEED_ADMIN.password);
    await admin.goto(`/dashboard/admin/orders/${number}`);
    await panel(admin)
      .getByText(/^Refunded so far: \$0\.00 of \$/)
      .waitFor();
    await checkScreen(admin, 'refund-panel');

    // An empty reason is said beside the field; nothing is sent.
    await panel(admin).getByLabel('Amount (USD)').fill('1.00');
    await panel(admin).getByRole('button', { name: 'Refund' }).click();
    await panel(admin).getByText('Say why: the reason is required').waitFor();

    await refundAmount(admin, '1.00', 'Goodwill');
    await panel(admin)
      .getByText(/^Refunded so far: \$1\.00 of \$/)
      .waitFor();
    await checkScreen(admin, 'refund-panel-refunded');

    const phone = await openPage(PHONE);
    await login(phone, SEED_ADMIN.email, SEED_ADMIN.password);
    await phone.goto(`/dashboard/admin/orders/${number}`);
    await panel(phone)
      .getByText(/^Refunded so far: \$1\.00 of \$/)
      .waitFor();
    await refundAmount(phone, '0.50', 'Late parcel');
    await panel(phone)
      .getByText(/^Refunded so far: \$1\.50 of \$/)
      .waitFor();
    await checkScreen(phone, 'refund-panel-phone', { phone: true });

    expect([shopper, admin, phone].flatMap(errorsOf)).toEqual([]);
  });
});
