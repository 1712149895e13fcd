import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail } from '../support/accounts';
import { baseUrl, checkScreen, errorsOf, login, openPage } from '../support/browser';

const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });

/** An account of this file's own, so that changing its password troubles no other file. */
async function register(account: { name: string; email: string; password: string }) {
  const res = await fetch(`${baseUrl()}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, phone: '555-0142', address: '8 Lock Street, Springfield' }),
  });
  expect(res.status).toBe(201);
}

/** One account's owner changes the password, then signs out everywhere, on two devices. */
describe('an account owner', () => {
  const owner = { name: 'Olga Owner', email: freshEmail('olga'), password: 'first-secret-1' };
  const newPassword = 'second-secret-2';
  let laptop: Page;
  let phone: Page;

  beforeAll(async () => {
    await register(owner);
    laptop = await openPage();
    phone = await openPage();
  });
  afterAll(async () => {
    expect(errorsOf(laptop)).toEqual([]);
    expect(errorsOf(phone)).toEqual([]);
    await laptop.context().close();
    await phone.context().close();
  });

  it('when a new password is typed, then the current one is asked for, and the change goes through with it', async () => {
    await login(laptop, owner.email, owner.password);
    await laptop.goto('/dashboard/user/profile');
    const currentPassword = laptop.getByLabel('Current password');
    await laptop.getByRole('heading', { name: 'USER PROFILE' }).waitFor();
    expect(await currentPassword.count()).toBe(0);

    await laptop.getByLabel('Password', { exact: true }).fill(newPassword);
    await currentPassword.fill(owner.password);
    await checkScreen(laptop, 'profile-password-change');
    await laptop.getByRole('button', { name: 'UPDATE' }).click();

    await toast(laptop, 'Profile Updated Successfully').waitFor();
    expect(await currentPassword.count()).toBe(0);
  });

  it('when the owner signs out everywhere, then this device goes to /login and another device is sent there on its next guarded page', async () => {
    await login(phone, owner.email, newPassword);
    await phone.goto('/dashboard/user/profile');
    await phone.getByRole('heading', { name: 'USER PROFILE' }).waitFor();

    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
    const question = laptop.getByRole('alertdialog', {
      name: 'Sign out on every device, this one included?',
    });
    await question.waitFor();
    await checkScreen(laptop, 'profile-sign-out-everywhere');
    await question.getByRole('button', { name: 'OK' }).click();
    await toast(laptop, 'Signed out everywhere').waitFor();
    await laptop.waitForURL('**/login');

    // Its next call to the API (the orders) is refused: it is signed out, and the guard sends it
    // to /login after the countdown.
    await phone
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Orders' })
      .click();
    await phone.getByText(/redirecting to you in \d second/).waitFor();
    await phone.waitForURL('**/login', { timeout: 15_000 });
    await phone.getByRole('link', { name: 'Login' }).waitFor();
    expect(await phone.evaluate(() => localStorage.getItem('auth'))).toBeNull();

    await login(laptop, owner.email, newPassword);
    await laptop.goto('/dashboard/user/profile');
    await laptop.getByRole('heading', { name: 'USER PROFILE' }).waitFor();
  });
});
