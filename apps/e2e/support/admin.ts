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
 * Chooses `status` in the dropdown labelled `label` (in All Orders or on the order page): the
 * dialog asking to confirm it, which says the buyer will be e-mailed.
 */
export async function chooseStatus(page: Page, label: string, status: string) {
  await page.getByRole('combobox', { name: label }).selectOption(status);
  const dialog = page.getByRole('dialog', { name: new RegExp(`to ${status}\\?$`) });
  await dialog.getByText(/^The buyer will be e-mailed\./).waitFor();
  return dialog;
}

/**
 * Sets an order's status through the dropdown labelled `label` and its confirmation (with the
 * shipment's carrier and tracking number when given, for Shipped): the shop's answer to this
 * change is a success, and the toast says so.
 */
export async function setStatus(
  page: Page,
  label: string,
  status: string,
  shipment: { carrier?: string; trackingNumber?: string } = {},
) {
  const answered = page.waitForResponse(
    (res) => res.request().method() === 'PUT' && res.url().includes('/api/v1/auth/order-status/'),
  );
  const dialog = await chooseStatus(page, label, status);
  if (shipment.carrier) await dialog.getByLabel('Carrier (optional)').fill(shipment.carrier);
  if (shipment.trackingNumber) {
    await dialog.getByLabel('Tracking number (optional)').fill(shipment.trackingNumber);
  }
  await dialog.getByRole('button', { name: 'Change status' }).click();
  expect((await answered).status()).toBe(200);
  await page
    .locator('[role="status"]')
    .filter({ hasText: /^Order status updated$/ })
    .first()
    .waitFor();
}
