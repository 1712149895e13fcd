import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import { adminApi } from '../support/admin-api';
import { checkScreen, DESKTOP, errorsOf, openPage, PHONE } from '../support/browser';
import { type StartedShop, startShop } from '../support/start-shop';

const SHOTS = 'two-factor';

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });

/** What an authenticator app makes of the key typed into it: a code `stepsAhead` steps on. */
const appCode = (key: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function typePassword(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(SEED_ADMIN.email);
  await page.getByLabel('Password').fill(SEED_ADMIN.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/**
 * The seeded admin of a shop of this file's own (turning its second factor on troubles no other
 * file) sets up two-factor sign-in on a desktop and signs in with a code; on a phone, with a
 * recovery code; then the store requires it, and the phone is sent to the setup screen.
 */
describe('two-factor sign-in of a staff account', () => {
  let shop: StartedShop;
  let desktop: Page;
  let phone: Page;
  let recoveryCodes: string[] = [];

  beforeAll(async () => {
    shop = await startShop();
    desktop = await openPage(DESKTOP, { baseURL: shop.baseUrl });
    phone = await openPage(PHONE, { baseURL: shop.baseUrl });
  });
  afterAll(async () => {
    expect(errorsOf(desktop)).toEqual([]);
    expect(errorsOf(phone)).toEqual([]);
    await desktop.context().close();
    await phone.context().close();
    await shop?.stop();
  });

  it('when the admin sets it up on the dashboard with the key read from the page, signs out and in again, then the sign-in asks a code, and the next code lets them in', async () => {
    await typePassword(desktop);
    await desktop.waitForURL((url) => url.pathname !== '/login');
    await desktop.goto('/dashboard/admin');
    const section = desktop.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await section.getByRole('img', { name: 'QR code to scan with an authenticator app' }).waitFor();
    const key = (await section.locator('.two-factor-key').textContent()) ?? '';
    expect(key).toMatch(/^[A-Z2-7 ]{32,}$/);
    recoveryCodes = await section
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await checkScreen(desktop, `${SHOTS}/01-setup-desktop`);

    await section.getByLabel('Code from the app').fill(appCode(key));
    await section.getByRole('button', { name: 'Turn on' }).click();
    await toast(desktop, 'Two-factor sign-in is on').waitFor();
    await section.getByText('Recovery codes left: 10', { exact: false }).waitFor();

    await desktop.getByRole('button', { name: SEED_ADMIN.name }).click();
    await desktop.getByRole('button', { name: 'Logout' }).click();
    await desktop.waitForURL('**/login');
    await typePassword(desktop);
    const code = desktop.getByLabel('Authentication code');
    await code.waitFor();
    expect(await desktop.getByLabel('Password').inputValue()).toBe(SEED_ADMIN.password);
    await checkScreen(desktop, `${SHOTS}/02-code-asked-desktop`);

    // The code that turned it on is used: the app's next one signs in.
    await code.fill(appCode(key, 1));
    await desktop.getByRole('button', { name: 'LOGIN' }).click();
    await desktop.waitForURL((url) => url.pathname !== '/login');
    await desktop.goto('/dashboard/admin');
    await desktop.getByRole('heading', { name: `Admin Name : ${SEED_ADMIN.name}` }).waitFor();
    await checkScreen(desktop, `${SHOTS}/03-signed-in-desktop`);
  });

  it('when the admin signs in on a phone with a recovery code, then it lets them in once, and they turn two-factor sign-in off there', async () => {
    await typePassword(phone);
    await phone.getByRole('button', { name: 'Use a recovery code' }).click();
    await phone.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await checkScreen(phone, `${SHOTS}/04-recovery-code-phone`, { phone: true });
    await phone.getByRole('button', { name: 'LOGIN' }).click();
    await phone.waitForURL((url) => url.pathname !== '/login');

    await phone.goto('/dashboard/admin');
    const section = phone.getByRole('region', { name: 'Two-factor sign-in' });
    await section.getByText('Recovery codes left: 9', { exact: false }).waitFor();
    await section.getByLabel('Code from the app or a recovery code').fill(recoveryCodes[1] ?? '');
    await section.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await toast(phone, 'Two-factor sign-in is off').waitFor();
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor();
    await checkScreen(phone, `${SHOTS}/05-turned-off-phone`, { phone: true });
  });

  it('when the store requires it of staff, then the admin’s dashboard sends the phone to the setup screen, which fits it', async () => {
    const call = await adminApi(shop.baseUrl);
    const store = await call('GET', '/api/v1/store');
    await call('PUT', '/api/v1/store', { ...store, staffTwoFactorRequired: true });

    await phone.goto('/dashboard/admin');
    await phone.waitForURL('**/dashboard/user/two-factor');
    await phone.getByRole('heading', { name: 'Set up two-factor sign-in', level: 1 }).waitFor();
    await phone.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await phone.getByRole('list', { name: 'Recovery codes' }).waitFor();
    await checkScreen(phone, `${SHOTS}/06-setup-required-phone`, { phone: true });
  });
});
