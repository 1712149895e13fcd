import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_ADMIN, SEED_USER } from '../support/accounts';
import { checkScreen, errorsOf, login, openPage } from '../support/browser';

const routerState = (page: Page) =>
  page.evaluate(() => (window.history.state as { usr?: unknown } | null)?.usr);

describe('guards', () => {
  let page: Page;
  afterEach(async () => {
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('when a guest opens a user page, then it counts down from 5, goes to /login, and login returns there', async () => {
    page = await openPage();
    await page.goto('/dashboard/user/orders');
    await page.getByText('redirecting to you in 5 second').waitFor();
    await checkScreen(page, 'guard-countdown');
    // The check and the screenshot can outlast a second on a loaded machine: any lower count
    // shows the countdown moving, whichever second it has reached.
    await page.getByText(/redirecting to you in [1-4] second/).waitFor();

    await page.waitForURL('**/login', { timeout: 8000 });
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
    await page.goto('/dashboard/admin/users');
    await page.getByText('redirecting to you in 5 second').waitFor();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 8000 });
    expect(await routerState(page)).toBe('/dashboard/admin/users');
    await page.getByRole('heading', { name: 'All Products' }).waitFor();
  });

  it('when an admin signs in, then the admin area opens without a countdown', async () => {
    page = await openPage();
    await page.goto('/dashboard/admin');
    await page.getByText('redirecting to you in 5 second').waitFor();
    await page.waitForURL('**/', { timeout: 8000 });
    await page.goto('/login');
    await login(page, SEED_ADMIN.email, SEED_ADMIN.password);
    await page.getByRole('button', { name: SEED_ADMIN.name }).click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard/admin');
    await page.getByText(SEED_ADMIN.email).first().waitFor();
    expect(await page.getByText(/redirecting to you/).count()).toBe(0);
  });

  it('when an unknown path opens, then the 404 page shows and Go back leads home', async () => {
    page = await openPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404' }).waitFor();
    await page.getByText('Oops! page Not Found').waitFor();
    await checkScreen(page, 'not-found');
    await page.getByRole('link', { name: 'Go back' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
