import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** All Orders narrowed by a search: waits until the one order found shows, with its link. */
export async function searchOrders(page: Page, text: string, number: number) {
  const search = page.getByRole('form', { name: 'Order search' });
  await search.getByRole('searchbox', { name: 'Search orders' }).fill(text);
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByText('1 order', { exact: true }).waitFor();
  await page.getByRole('link', { name: `Order #${number}` }).waitFor();
  expect(await page.getByRole('region', { name: /^Order \d+$/ }).count()).toBe(1);
}

/** The dashboard's two charts, drawn: each figure holds an SVG with one bar per day that sold. */
export async function expectChartsDrawn(page: Page) {
  for (const title of ['Revenue per day', 'Orders per day']) {
    const figure = page.getByRole('figure', { name: title });
    await figure.locator('svg .recharts-bar-rectangle').first().waitFor();
    expect(await figure.locator('svg .recharts-bar-rectangle').count()).toBeGreaterThan(0);
  }
}

/**
 * Sets an order's status through the dropdown labelled `label` (in All Orders or on the order
 * page): the shop's answer to this change is a success, and the toast says so.
 */
export async function setStatus(page: Page, label: string, status: string) {
  const answered = page.waitForResponse(
    (res) => res.request().method() === 'PUT' && res.url().includes('/api/v1/auth/order-status/'),
  );
  await page.getByRole('combobox', { name: label }).selectOption(status);
  expect((await answered).status()).toBe(200);
  await page
    .locator('[role="status"]')
    .filter({ hasText: /^Order status updated$/ })
    .first()
    .waitFor();
}
