import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { checkScreen, errorsOf, hydrated, openPage, viewports } from '../support/browser';
import { SCREENSHOT_DIR } from '../support/paths';

/** The search screens of issue 39 (apps/e2e/screenshots/ is not committed). */
const SHOTS = 'issue-39-search';
/** A phone as wide as the issue names (390 px). */
const PHONE_390 = { width: 390, height: 844 } as const;

/** Each test goes through its steps on both screens. */
const TWO_SCREENS_MS = 300_000;
const HEADPHONES = 'Wireless Noise-Cancelling Headphones';
const cards = (page: Page) => page.getByRole('article');
const found = (page: Page) => page.locator('.result-count').textContent();

/** The header's search box, after the phone's menu is opened where there is one. */
async function searchBox(page: Page, device: string) {
  if (device === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('combobox', { name: 'Search' });
}

/** The facets: on a phone, in the drawer its Filters button opens. */
async function facets(page: Page, device: string) {
  if (device === 'phone') {
    const toggle = page.getByRole('button', { name: 'Filters' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
  }
  return page.getByRole('form', { name: 'Filters' });
}

describe('the search screens in Chromium', () => {
  it(
    'when a shopper types a typo, chooses a suggestion by keyboard, then searches the typo and applies a facet, on a desktop and a 390 px phone, then each step shows what was asked',
    async () => {
      for (const { viewport, device } of viewports(PHONE_390)) {
        const page = await openPage(viewport);
        await page.goto('/');
        await hydrated(page);

        // A suggestion chosen by keyboard: the typo'd word still finds the headphones.
        const box = await searchBox(page, device);
        // The list of the last words typed (a list of fewer letters may show before it).
        const suggested = page.waitForResponse((res) =>
          res.url().endsWith('/api/v1/search/suggest?q=headphnes'),
        );
        await box.pressSequentially('headphnes', { delay: 30 });
        await suggested;
        const listbox = page.getByRole('listbox', { name: 'Suggestions' });
        await listbox.getByRole('option', { name: new RegExp(HEADPHONES) }).waitFor();
        await box.press('ArrowDown');
        await expect.poll(() => box.getAttribute('aria-activedescendant')).toBeTruthy();
        const active = await box.getAttribute('aria-activedescendant');
        expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true');
        await checkScreen(page, `${SHOTS}/01-suggestion-highlighted-${device}`, {
          phone: device === 'phone',
        });
        await box.press('Enter');
        await page.waitForURL((url) => url.pathname.startsWith('/product/'));
        await page.getByRole('heading', { name: HEADPHONES }).waitFor();

        // A typo'd search of two products, narrowed by a price band to one.
        await page.goto('/');
        await hydrated(page);
        const again = await searchBox(page, device);
        await again.fill('wirless');
        await again.press('Enter');
        await page.waitForURL((url) => url.pathname === '/search');
        await expect.poll(() => found(page)).toBe('Found 2');
        const panel = await facets(page, device);
        // The box shows the page's URL: checked once the page it opens is the one shown.
        const band = panel.getByRole('checkbox', { name: /^\$100 or more/ });
        await band.click();
        await page.waitForURL((url) => url.searchParams.get('price') === '5');
        await expect.poll(() => band.isChecked()).toBe(true);
        expect(new URL(page.url()).searchParams.get('keyword')).toBe('wirless');
        await expect.poll(() => found(page)).toBe('Found 1');
        await checkScreen(page, `${SHOTS}/02-typo-price-facet-${device}`, {
          phone: device === 'phone',
        });
        if (device === 'phone') await page.getByRole('button', { name: 'Show results' }).click();
        await expect
          .poll(() => cards(page).allInnerTexts())
          .toEqual([expect.stringContaining(HEADPHONES)]);

        // Sorted by a link: the filter stays.
        await page
          .getByRole('navigation', { name: 'Sort by' })
          .getByRole('link', { name: 'Newest' })
          .click();
        await page.waitForURL((url) => url.searchParams.get('sort') === 'newest');
        expect(new URL(page.url()).searchParams.get('price')).toBe('5');
        expect(errorsOf(page)).toEqual([]);
        await page.context().close();
      }
    },
    TWO_SCREENS_MS,
  );

  it(
    'when scripts are off, then the facets apply with Apply and the server renders the filtered page; on a phone the Filters link opens the drawer',
    async () => {
      for (const { viewport, device } of viewports(PHONE_390)) {
        const page = await openPage(viewport, { javaScriptEnabled: false });
        await page.goto('/search?keyword=wirless');
        await expect.poll(() => found(page)).toBe('Found 2');
        if (device === 'phone') {
          await page.getByRole('button', { name: 'Filters' }).click();
          await page.waitForURL((url) => url.hash === '#search-filters');
        }
        const panel = page.getByRole('form', { name: 'Filters' });
        await panel.getByRole('checkbox', { name: /^\$100 or more/ }).check();
        await panel.getByRole('button', { name: 'Apply' }).click();
        await page.waitForURL((url) => url.searchParams.get('price') === '5');
        await expect.poll(() => found(page)).toBe('Found 1');
        expect(new URL(page.url()).searchParams.get('keyword')).toBe('wirless');
        // No script runs in this page, the checks' (axe) neither: its picture alone.
        const path = join(SCREENSHOT_DIR, SHOTS, `03-no-scripts-facet-applied-${device}.png`);
        await page.screenshot({ path, fullPage: true });
        await page.context().close();
      }
    },
    TWO_SCREENS_MS,
  );
});
