import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_ADMIN, SEED_USER } from '../support/accounts';
import { checkScreen, errorsOf, login, openPage } from '../support/browser';

const routerState = (page: Page) =>
  page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);

/**
 * The countdown runs on the page's clock, which the test installs and stops before the page
 * opens, then moves itself: each second passes when the test says so, however slow the machine.
 */
async function stopClock(page: Page) {
  const start = new Date('2026-01-05T09:00:00Z');
  await page.clock.install({ time: start });
  // No page is open yet, so no timer is due on the way to the moment the clock stops at.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
}

/**
 * Moves the stopped clock through the four ticks left and the redirect after the fifth, then lets
 * it run again for what follows (toasts, sign-in).
 */
async function countDown(page: Page) {
  for (const left of [4, 3, 2, 1]) {
    await page.clock.runFor(1000);
    await page.getByText(`redirecting to you in ${left} second`).waitFor();
  }
  await page.clock.runFor(1000);
  await page.clock.resume();
}

describe('guards', () => {
  let page: Page;
  afterEach(async () => {
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('when a guest opens a user page, then the countdown screen shows', async () => {
    page = await openPage();
    await page.goto('/dashboard/user/orders');
    await page.getByText('redirecting to you in 5 second').waitFor();
    await checkScreen(page, 'guard-countdown');
  });

  it('when a guest opens a user page, then it counts down from 5, goes to /login, and login returns there', async () => {
    page = await openPage();
    await stopClock(page);
    await page.goto('/dashboard/user/orders');
    await page.getByText('redirecting to you in 5 second').waitFor();
    await countDown(page);
    await page.waitForURL('**/login');
    expect(await routerState(page)).toBe('/dashboard/user/orders');

    await login(page, SEED_USER.email, SEED_USER.password);
    expect(new URL(page.url()).pathname).toBe('/dashboard/user/orders');
    await page.getByRole('region', { name: 'Order 1', exact: true }).waitFor();
    const headers = await page
      .getByRole('region', { name: 'Order 1', exact: true })
      .getByRole('columnheader')
      .allTextContents();
    expect(headers).toEqual(['#', 'Status', 'Buyer', 'Date', 'Payment', 'Quantity']);
    await page.getByRole('cell', { name: 'Failed' }).first().waitFor();
    await checkScreen(page, 'user-orders');
  });

  it('when a normal user opens the admin area, then it counts down and goes to / carrying the path', async () => {
    page = await openPage();
    await login(page, SEED_USER.email, SEED_USER.password);
    await stopClock(page);
    await page.goto('/dashboard/admin/users');
    await page.getByText('redirecting to you in 5 second').waitFor();
    await countDown(page);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await routerState(page)).toBe('/dashboard/admin/users');
    await page.getByRole('heading', { name: 'All Products' }).waitFor();
  });

  it('when an admin signs in, then the admin area opens without a countdown', async () => {
    page = await openPage();
    await stopClock(page);
    await page.goto('/dashboard/admin');
    await page.getByText('redirecting to you in 5 second').waitFor();
    await countDown(page);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/login');
    await login(page, SEED_ADMIN.email, SEED_ADMIN.password);
    // As a person would: the home page and the greeting first, then the account menu (on one
    // loaded core, a click made while the home page was still arriving left the menu closed).
    await page.getByRole('heading', { name: 'All Products' }).waitFor();
    await page.getByText('login successfully').waitFor();
    await page.getByRole('button', { name: SEED_ADMIN.name }).click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard/admin');
    await page.getByText(SEED_ADMIN.email).first().waitFor();
    expect(await page.getByText(/redirecting to you/).count()).toBe(0);
  });

  it('when an unknown path opens, then the server says 404, the 404 page shows and Go back leads home', async () => {
    page = await openPage();
    const answer = await page.goto('/no/such/page');
    expect(answer?.status()).toBe(404);
    await page.getByRole('heading', { name: '404' }).waitFor();
    await page.getByText('Oops! page Not Found').waitFor();
    await checkScreen(page, 'not-found');
    await page.getByRole('link', { name: 'Go back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
