import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import { expectChartsDrawn } from '../support/admin';
import { checkScreen, DESKTOP, errorsOf, login, openPage } from '../support/browser';

/** Where the issue asks for the dashboard's screenshots, beside the run's own. */
const SHOTS = '/tmp/shots';

async function openDashboard(viewport: { width: number; height: number }) {
  const page = await openPage(viewport);
  await login(page, SEED_ADMIN.email, SEED_ADMIN.password);
  await page.goto('/dashboard/admin');
  return page;
}

async function shoot(page: Page, width: number) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/dashboard-${width}.png`, fullPage: true });
}

describe('the admin dashboard’s figures in the browser', () => {
  it('when the admin opens the dashboard, then the charts, statuses, top products and low stock show', async () => {
    const page = await openDashboard(DESKTOP);

    await page.getByRole('heading', { name: `Admin Name : ${SEED_ADMIN.name}` }).waitFor();
    await expectChartsDrawn(page);
    // The seed's two paid orders (delivered, processing); its unpaid one counts nowhere.
    const statuses = page.getByRole('region', { name: 'Orders by status' });
    await statuses.getByText('Processing').waitFor();
    const top = page.getByRole('region', { name: 'Top 10 products by revenue' });
    expect(await top.getByRole('row').count()).toBeGreaterThan(1);
    const revenueTable = page.getByRole('table', { name: 'Revenue per day, last 30 days (UTC)' });
    expect(await revenueTable.getByRole('row').count()).toBe(31);
    await page.getByRole('region', { name: 'Low in stock' }).waitFor();

    await checkScreen(page, 'admin-dashboard-figures');
    await shoot(page, DESKTOP.width);
    expect(errorsOf(page)).toEqual([]);
  });

  it('when the admin saves a low stock threshold, then it is toasted and the list follows it', async () => {
    const page = await openDashboard(DESKTOP);
    const low = page.getByRole('region', { name: 'Low in stock' });
    const field = low.getByLabel('Low stock threshold');
    await field.waitFor();
    const before = await field.inputValue();

    await field.fill('1000000');
    await low.getByRole('button', { name: 'Save' }).click();

    await page
      .locator('[role="status"]')
      .filter({ hasText: /^Low stock threshold saved$/ })
      .first()
      .waitFor();
    await low.getByText(/with fewer than 1000000 units/).waitFor();
    expect(await low.getByRole('row').count()).toBeGreaterThan(1);

    await field.fill(before);
    await low.getByRole('button', { name: 'Save' }).click();
    await low.getByText(new RegExp(`fewer than ${before} units`)).waitFor();
    expect(errorsOf(page)).toEqual([]);
  });

  it('when the admin reads it on a phone, then it fits the width and the charts still draw', async () => {
    const phone = { width: 390, height: 844 };
    const page = await openDashboard(phone);

    await expectChartsDrawn(page);
    await page.getByRole('region', { name: 'Low in stock' }).waitFor();

    await checkScreen(page, 'admin-dashboard-figures-phone', { phone: true });
    await shoot(page, phone.width);
    expect(errorsOf(page)).toEqual([]);
  });
});
