import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailsTo, readInCatcher, waitForMail } from '../mail/catcher';
import { SEED_ADMIN } from '../support/accounts';
import { chooseStatus } from '../support/admin';
import { checkScreen, DESKTOP, errorsOf, login, openPage } from '../support/browser';
import { deliverTo, openShopperPage, payByCard } from '../support/checkout';
import { addFirstProduct, registerShopper } from '../support/shopper';

/** The phone the issue was tried on. */
const PHONE_390 = { width: 390, height: 844 } as const;

const SHOPPER = {
  name: 'Tom Tracking',
  password: 'tracking123',
  phone: '555-0166',
  address: '6 Parcel Lane, Springfield',
};

const DELIVERY = {
  Street: '36 Courier Road',
  City: 'Springfield',
  'Postal code': '49036',
  Country: 'US',
};

const TRACKING_NUMBER = '1Z 999 AA1 0123456784';
const UPS_LINK = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';

const history = (page: Page) =>
  page.getByRole('list', { name: 'Order history' }).getByRole('listitem');

/** The shopper pays for one product; answers the order's number. */
async function placeOrder(shopper: Page) {
  await addFirstProduct(shopper);
  await shopper.goto('/cart');
  await deliverTo(shopper, DELIVERY);
  await payByCard(shopper);
  await shopper.goto('/dashboard/user/orders');
  const link = shopper.getByRole('link', { name: /^Order #\d+$/ }).first();
  return Number(((await link.textContent()) ?? '').replace(/\D/g, ''));
}

describe('shipping with a tracking number in the browser', () => {
  it('when an admin marks an order Shipped with UPS and a tracking number, having confirmed that the buyer is e-mailed, then the e-mail and the buyer’s order page (desktop and phone) carry the number and its link', async () => {
    const email = await registerShopper('tracking', SHOPPER);
    const shopper = await openShopperPage();
    await login(shopper, email, SHOPPER.password);
    const number = await placeOrder(shopper);
    await waitForMail(email, `Order #${number} placed`);

    // On a phone, the admin asks for a change and thinks better of it: nothing is sent.
    const label = `Status of order #${number}`;
    const adminPhone = await openPage(PHONE_390);
    await login(adminPhone, SEED_ADMIN.email, SEED_ADMIN.password);
    await adminPhone.goto(`/dashboard/admin/orders/${number}`);
    await chooseStatus(adminPhone, label, 'Shipped');
    await checkScreen(adminPhone, 'shipping-dialog-phone', { phone: true });
    await adminPhone.getByRole('button', { name: 'Cancel' }).click();
    await adminPhone.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await adminPhone.getByRole('combobox', { name: label }).inputValue()).toBe(
      'Not Process',
    );
    expect(await history(adminPhone).count()).toBe(1);

    // On a desktop, the admin ships it with UPS and a tracking number.
    const admin = await openPage(DESKTOP);
    await login(admin, SEED_ADMIN.email, SEED_ADMIN.password);
    await admin.goto(`/dashboard/admin/orders/${number}`);
    const dialog = await chooseStatus(admin, label, 'Shipped');
    await dialog.getByLabel('Carrier (optional)').fill('UPS');
    await dialog.getByLabel('Tracking number (optional)').fill(TRACKING_NUMBER);
    await checkScreen(admin, 'shipping-dialog');
    const answered = admin.waitForResponse(
      (res) => res.request().method() === 'PUT' && res.url().includes('/order-status/'),
    );
    await dialog.getByRole('button', { name: 'Change status' }).click();
    expect((await answered).status()).toBe(200);
    await admin.getByText('Order status updated').first().waitFor();
    await expect.poll(() => history(admin).count()).toBe(2);
    expect(await history(admin).nth(1).textContent()).toMatch(
      new RegExp(`^Status set to Shipped \\(UPS, ${TRACKING_NUMBER}\\) by ${SEED_ADMIN.name}`),
    );
    await checkScreen(admin, 'shipping-admin-order-page');

    // The buyer's e-mail, once, with the number and the link, as the catcher shows it.
    const shipped = await waitForMail(email, `Order #${number}: Shipped`);
    expect(shipped.text).toContain(`Tracking number: ${TRACKING_NUMBER}`);
    expect(shipped.text).toContain(`Track your parcel: ${UPS_LINK}`);
    const inbox = await openPage(DESKTOP);
    const letter = await readInCatcher(inbox, shipped, email);
    expect(await letter.getByRole('link', { name: UPS_LINK }).getAttribute('href')).toBe(UPS_LINK);
    await checkScreen(inbox, 'shipping-email', { accessible: false });

    // The buyer's order page, on a desktop and on a phone.
    await shopper.goto(`/dashboard/user/orders/${number}`);
    const shipment = shopper.getByRole('region', { name: 'Shipment' });
    await shipment.getByText('UPS').waitFor();
    expect(await shipment.getByRole('link', { name: TRACKING_NUMBER }).getAttribute('href')).toBe(
      UPS_LINK,
    );
    await checkScreen(shopper, 'shipping-buyer-order-page');
    const phone = await openPage(PHONE_390);
    await login(phone, email, SHOPPER.password);
    await phone.goto(`/dashboard/user/orders/${number}`);
    await phone
      .getByRole('region', { name: 'Shipment' })
      .getByRole('link', { name: TRACKING_NUMBER })
      .waitFor();
    await checkScreen(phone, 'shipping-buyer-order-page-phone', { phone: true });

    expect(
      (await mailsTo(email)).filter((mail) => mail.subject === `Order #${number}: Shipped`),
    ).toHaveLength(1);
    expect([shopper, phone, admin, adminPhone].flatMap(errorsOf)).toEqual([]);
  });
});
