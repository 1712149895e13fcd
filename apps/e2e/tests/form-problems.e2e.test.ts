import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import { checkScreen, DESKTOP, errorsOf, login, openPage } from '../support/browser';

const PHONE = { width: 390, height: 844 } as const;

async function adminPage(viewport: { width: number; height: number }) {
  const page = await openPage(viewport);
  await login(page, SEED_ADMIN.email, SEED_ADMIN.password);
  return page;
}

const hasFocus = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** What a control's aria-describedby points at, as a screen reader reads it after its name. */
const descriptionOf = (control: Locator) =>
  control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

/**
 * The problems as a person meets them: a summary at the top that has the focus and lists each,
 * in the order of the form; each control marked invalid, its message beside it and read with it.
 */
async function expectProblems(page: Page, problems: [label: string, message: string][]) {
  const summary = page.getByRole('region', { name: `There are ${problems.length} problems` });
  await summary.waitFor();
  await expect.poll(() => hasFocus(summary)).toBe(true);
  expect(await summary.getByRole('link').allTextContents()).toEqual(problems.map(([, m]) => m));
  for (const [label, message] of problems) {
    const control = page.getByLabel(label, { exact: true });
    expect(await control.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(control)).toContain(message);
    // Once in the summary, once beside its field.
    await expect.poll(() => page.getByText(message, { exact: true }).count()).toBe(2);
  }
}

describe('admin forms say what is wrong beside each field', () => {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`when a product is created with three wrong fields on a ${device}, then three messages show beside them and a focused summary links to each, and nothing is sent`, async () => {
      const page = await adminPage(viewport);
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/product/create-product')) sent.push(request.method());
      });
      await page.goto('/dashboard/admin/create-product');
      const category = page.getByLabel('Category');
      await category.locator('option').nth(1).waitFor({ state: 'attached' });
      await category.selectOption({ index: 1 });
      await page.getByLabel('Description').fill('A lamp without a name, a photo or a price.');
      await page.getByLabel('Price').fill('-3');
      await page.getByLabel('Quantity').fill('2');
      await page.getByRole('button', { name: 'CREATE PRODUCT' }).click();

      await expectProblems(page, [
        ['Upload Photo', 'Photo is required'],
        ['Name', 'Name is required'],
        ['Price', 'Price must not be negative'],
      ]);
      await checkScreen(page, `admin-form-problems-${device}`, { phone: device === 'phone' });

      await page.getByRole('link', { name: 'Price must not be negative' }).click();
      await expect.poll(() => hasFocus(page.getByLabel('Price'))).toBe(true);
      expect(sent).toEqual([]);
      expect(errorsOf(page)).toEqual([]);
    });
  }

  it('when tax rates are typed above 100 % or with three decimals, then each row says so in percent', async () => {
    const page = await adminPage(DESKTOP);
    await page.goto('/dashboard/admin/taxes');
    await page.getByRole('button', { name: 'Add rate' }).click();
    const rows = await page.getByLabel(/^Country of rate \d+$/).count();
    await page.getByLabel(`Country of rate ${rows}`).fill('DK');
    await page.getByLabel(`Rate of rate ${rows} in percent`).fill('1000');
    await page.getByRole('button', { name: 'Add rate' }).click();
    await page.getByLabel(`Country of rate ${rows + 1}`).fill('NO');
    await page.getByLabel(`Rate of rate ${rows + 1} in percent`).fill('12.345');
    await page.getByRole('button', { name: 'Save tax rates' }).click();

    await expectProblems(page, [
      [`Rate of rate ${rows} in percent`, `Rate ${rows}: the rate must be at most 100 %`],
      [`Rate of rate ${rows + 1} in percent`, `Rate ${rows + 1}: the rate has at most 2 decimals`],
    ]);
    await checkScreen(page, 'admin-tax-problems');
    expect(errorsOf(page)).toEqual([]);
  });

  it('when shipping zones are wrong on a phone, then each problem names its zone and method beside its field, and the screen fits', async () => {
    const page = await adminPage(PHONE);
    await page.goto('/dashboard/admin/shipping');
    const zone = page.getByRole('group', { name: 'Zone 1', exact: true });
    const method = page.getByRole('group', { name: 'Method 1 of Zone 1', exact: true });
    await zone.getByLabel(/^Countries/).fill('US, USA');
    await method.getByLabel('Price', { exact: true }).fill('2000000');
    await page.getByRole('button', { name: 'Save shipping zones' }).click();

    const summary = page.getByRole('region', { name: 'There are 2 problems' });
    await summary.waitFor();
    await expect.poll(() => hasFocus(summary)).toBe(true);
    const problems = [
      'Zone "United States": USA is not a two-letter country code such as DE',
      'Zone "United States", method "Standard shipping": the price must be at most 1,000,000',
    ];
    expect(await summary.getByRole('link').allTextContents()).toEqual(problems);
    expect(await descriptionOf(zone.getByLabel(/^Countries/))).toBe(problems[0]);
    expect(await descriptionOf(method.getByLabel('Price', { exact: true }))).toBe(problems[1]);
    await checkScreen(page, 'admin-shipping-problems-phone', { phone: true });
    expect(errorsOf(page)).toEqual([]);
  });

  it('when the dashboard charts money, then its ticks are whole amounts, each written once', async () => {
    const page = await adminPage(DESKTOP);
    await page.goto('/dashboard/admin');

    for (const title of ['Revenue per day', 'Discounts given per day']) {
      const ticks = page
        .getByRole('figure', { name: title })
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value');
      await ticks.first().waitFor();
      const labels = await ticks.allTextContents();
      expect(labels.length, `${title}: ${labels}`).toBeGreaterThan(1);
      expect(new Set(labels).size, `${title}: ${labels}`).toBe(labels.length);
      expect(labels[0], title).toMatch(/^\D*0$/);
      for (const label of labels) expect(label, title).not.toMatch(/\.\d/);
    }
    expect(errorsOf(page)).toEqual([]);
  });
});
