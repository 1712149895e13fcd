import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import { checkScreen, DESKTOP, errorsOf, login, openPage } from '../support/browser';

const PHONE_390 = { width: 390, height: 844 } as const;
/** A variant of the seed's charger (its plugs and powers), which no product's name holds. */
const SKU = 'CHARGER-100W-EU';
const CHARGER = { name: 'USB-C Fast Charger 65W', slug: 'usb-c-fast-charger-65w' };

/** Nothing on the page reaches past the window's width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** The admin's products, as the seed's 42 make them: the table, searched for SKU. */
async function searchBySku(page: Page) {
  await login(page, SEED_ADMIN.email, SEED_ADMIN.password);
  await page.goto('/dashboard/admin/products');
  const table = page.getByRole('table');
  await table.getByRole('row').nth(20).waitFor();
  expect(await page.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe(
    'true',
  );
  const search = page.getByRole('form', { name: 'Product search' });
  await search.getByRole('searchbox', { name: 'Search products' }).fill(SKU.toLowerCase());
  await search.getByRole('button', { name: 'Search' }).click();
  await page.getByText('1 product', { exact: true }).waitFor();
  const row = table.getByRole('row', { name: new RegExp(CHARGER.name) });
  expect(await row.getByRole('cell', { name: '6 variants' }).count()).toBe(1);
  expect(await row.getByText('from $27.00').count()).toBe(1);
  return row;
}

/** The row's name opens the product's editor, whose variants fit the window. */
async function openFrom(page: Page, row: ReturnType<Page['getByRole']>) {
  await row.getByRole('link', { name: CHARGER.name }).click();
  await page.waitForURL(`**/dashboard/admin/product/${CHARGER.slug}`);
  await page.getByRole('heading', { name: 'Update Product', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: `SKU of 100W / EU` }).waitFor();
  expect(await page.getByRole('textbox', { name: 'SKU of 100W / EU' }).inputValue()).toBe(SKU);
}

describe('the admin’s products table', () => {
  it('when the admin searches the table for a SKU at 1280 px, then its product is the one row, and its name opens its editor, whose tables fit', async () => {
    const page = await openPage(DESKTOP);

    const row = await searchBySku(page);
    await checkScreen(page, 'products-table-sku-desktop');
    await openFrom(page, row);

    expect(await fitsWidth(page)).toBe(true);
    await checkScreen(page, 'products-table-editor-desktop');
    expect(errorsOf(page)).toEqual([]);
  });

  it('when the admin does the same on a phone, then each row is a card that fits, and opens the editor', async () => {
    const page = await openPage(PHONE_390);

    const row = await searchBySku(page);
    await checkScreen(page, 'products-table-sku-phone', { phone: true });
    await openFrom(page, row);

    await checkScreen(page, 'products-table-editor-phone', { phone: true });
    expect(errorsOf(page)).toEqual([]);
  });
});
