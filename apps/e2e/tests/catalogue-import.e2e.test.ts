import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import { adminApi } from '../support/admin-api';
import { checkScreen, DESKTOP, errorsOf, login, openPage } from '../support/browser';
import { parseCsv, toCsv } from '../support/csv';

const PHONE_390 = { width: 390, height: 844 } as const;
/** Rows whose price the owner raises by one (after the header, which is row 1). */
const EDITED_ROWS = [2, 3, 4];
/** A new product in a category the shop has not: refused on its row, nothing of it written. */
const BAD_PRODUCT = {
  slug: 'e2e-bad-row',
  name: 'E2E Bad Row',
  description: 'A row the import refuses',
  category: 'no-such-category',
  sku: 'E2E-BAD-1',
  price: '5.00',
};

/** The file as it was exported, imported again after each test: the shop's prices as before. */
let restore: string | undefined;
afterEach(async () => {
  if (restore === undefined) return;
  const call = await adminApi();
  const form = new FormData();
  form.append('dryRun', 'false');
  form.append('file', new Blob([restore], { type: 'text/csv' }), 'catalogue.csv');
  const { jobId } = await call('POST', '/api/v1/product/import', form);
  await expect
    .poll(async () => (await call('GET', `/api/v1/jobs/${jobId}`)).status, { timeout: 60_000 })
    .toBe('done');
  restore = undefined;
});

/** Signed in as the owner on Catalogue → Import, the catalogue exported with its button. */
async function exportFromScreen(page: Page): Promise<string> {
  await login(page, SEED_ADMIN.email, SEED_ADMIN.password);
  await page.goto('/dashboard/admin/import');
  await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const text = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1);
}

/** The export with the edited rows' prices one more, and the bad row at its end. */
function edit(exported: string) {
  const rows = parseCsv(exported);
  const header = rows[0] ?? [];
  const at = (name: string) => header.indexOf(name);
  const edited = EDITED_ROWS.map((number) => {
    const row = rows[number - 1] ?? [];
    const from = row[at('price')] ?? '';
    row[at('price')] = (Number(from) + 1).toFixed(2);
    return { sku: row[at('sku')] ?? '', from, to: row[at('price')] };
  });
  rows.push(header.map((column) => BAD_PRODUCT[column as keyof typeof BAD_PRODUCT] ?? ''));
  return { csv: toCsv(rows), edited, badRow: rows.length };
}

/** The import's report region, once its heading says it is there. */
async function reportOf(page: Page, heading: string) {
  const report = page.getByRole('region', { name: 'Import report' });
  await report.getByRole('heading', { name: heading }).waitFor({ timeout: 60_000 });
  return report;
}

/** Export, edit, dry run, apply at one window size, checking each step's screen. */
async function importEdits(page: Page, name: string, phone: boolean) {
  const exported = await exportFromScreen(page);
  restore = exported;
  const { csv, edited, badRow } = edit(exported);
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'catalogue.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  expect(await page.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);

  await page.getByRole('button', { name: 'Dry run' }).click();
  const dryRun = await reportOf(page, 'Dry run: nothing was written');
  const changes = dryRun.getByRole('region', { name: 'Changes' });
  await changes.getByRole('heading', { name: 'Changes (3)' }).waitFor();
  for (const { sku, from, to } of edited) {
    expect(await changes.getByRole('row', { name: sku }).textContent()).toContain(
      `${from} → ${to}`,
    );
  }
  const errors = dryRun.getByRole('region', { name: 'Errors' });
  await errors.getByRole('heading', { name: 'Errors (1)' }).waitFor();
  const error = await errors.getByRole('row').nth(1).textContent();
  expect(error).toContain(String(badRow));
  expect(error).toContain('Unknown category no-such-category');
  await checkScreen(page, `catalogue-import-dry-run-${name}`, { phone });

  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('progressbar', { name: 'Import progress' }).waitFor();
  const imported = await reportOf(page, 'Imported');
  const counts = await imported.getByRole('definition').allTextContents();
  const labels = await imported.getByRole('term').allTextContents();
  expect(Object.fromEntries(labels.map((label, i) => [label, counts[i]]))).toMatchObject({
    Created: '0',
    Updated: '3',
    Errors: '1',
  });
  const rows = parseCsv(exported).length;
  expect(await page.getByText(`${rows} of ${rows} rows`).isVisible()).toBe(true);
  await page.getByText('Catalogue imported').first().waitFor();
  await checkScreen(page, `catalogue-import-applied-${name}`, { phone });
  expect(errorsOf(page)).toEqual([]);
}

describe('Catalogue → Import in the browser', () => {
  it('when the owner exports, raises three prices, adds a bad row, dry-runs and applies at 1280 px, then the dry run lists those changes and the error, and the import its progress and result', async () => {
    await importEdits(await openPage(DESKTOP), 'desktop', false);
  });

  it('when the owner does the same on a 390 px phone, then the tables stack into cards that fit', async () => {
    await importEdits(await openPage(PHONE_390), 'phone', true);
  });
});
