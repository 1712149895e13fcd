import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, PHOTO } from '../support/admin-api';
import { errorsOf, hydrated, openPage } from '../support/browser';

/** More than one page of a category (20 a page). */
const PAGED_PRODUCTS = 21;

const cards = (page: Page) => page.getByRole('article');

/**
 * Holds the web's entry script back until the returned function is called: what the shopper
 * does meanwhile comes before any script but the starter runs.
 */
async function holdEntryScript(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
/**
 * How far to wait on a page whose entry script is held: its HTML parsed. Its load event waits for
 * every script the starter has added, the held entry among them, so it may never come while held.
 */
const PAINTED = { waitUntil: 'domcontentloaded' } as const;
const cardNames = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

describe('storefront pages rendered on the server', () => {
  const word = `Paging${Date.now().toString(36)}`;
  const category = { name: `${word} Shelf`, id: '', slug: '' };
  const productIds: string[] = [];
  let call: Awaited<ReturnType<typeof adminApi>>;

  beforeAll(async () => {
    call = await adminApi();
    const made = (await call('POST', '/api/v1/category/create-category', {
      name: category.name,
    })) as { category: { _id: string; slug: string } };
    category.id = made.category._id;
    category.slug = made.category.slug;
    for (let i = 1; i <= PAGED_PRODUCTS; i += 1) {
      const form = new FormData();
      form.set('name', `${word} Item ${String(i).padStart(2, '0')}`);
      form.set('description', `Item ${i} of a shelf that takes two pages`);
      form.set('price', String(10 + i));
      form.set('quantity', String(i));
      form.set('category', category.id);
      form.set('shipping', '1');
      form.set('photo', new Blob([PHOTO], { type: 'image/png' }), 'photo.png');
      const created = (await call('POST', '/api/v1/product/create-product', form)) as {
        product: { _id: string };
      };
      productIds.push(created.product._id);
    }
  });

  afterAll(async () => {
    for (const id of productIds) await call('DELETE', `/api/v1/product/product/${id}`);
    if (category.id) await call('DELETE', `/api/v1/category/delete-category/${category.id}`);
  });

  it('when scripts are off, then a shopper browses from home to a category, pages through it, searches, and reads a price and stock', async () => {
    const page = await openPage({ width: 1280, height: 800 }, { javaScriptEnabled: false });

    await page.goto('/');
    expect(await cards(page).count()).toBe(6);
    // Home's Load More is a link to its next page, which the server renders.
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    expect(await cards(page).count()).toBe(6);

    await page.getByRole('link', { name: 'All Categories' }).click();
    await page.waitForURL((url) => url.pathname === '/categories');
    await page.getByRole('link', { name: category.name }).click();
    await page.waitForURL((url) => url.pathname === `/category/${category.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Category - ${category.name}`,
    );
    expect(await cards(page).count()).toBe(20);
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.waitForURL((url) => url.search === '?page=2');
    expect(await cardNames(page)).toEqual([`${word} Item 01`]);
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);

    await page.getByPlaceholder('Search').fill(`${word} Item 07`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    expect(await page.getByText('Found 1').count()).toBe(1);

    await page.getByRole('button', { name: 'More Details' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/product/'));
    expect(await page.getByRole('heading', { name: `${word} Item 07` }).count()).toBe(1);
    expect(await page.getByText(/^Price : \D*17\.00$/).count()).toBe(1);
    // The seed's sweater comes in sizes: its page says how many of the chosen one are left.
    await page.goto('/product/merino-wool-crew-sweater');
    expect(await page.getByText(/^In stock : \d+$/).count()).toBe(1);
    await page.context().close();
  });

  it('when scripts are on, then the page hydrates without a mismatch and asks the API for nothing it came with', async () => {
    const page = await openPage();
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/api/') && !pathname.includes('/product-photo/')) {
        asked.push(pathname + search);
      }
    });
    // The shopper comes two hours after the server rendered (and kept) these pages: their data
    // is still the catalogue's as the page arrives, and is not asked for again.
    await page.clock.setFixedTime(Date.now() + 2 * 60 * 60_000);

    for (const path of [
      '/',
      `/category/${category.slug}`,
      '/product/merino-wool-crew-sweater',
      // A variant the link names, as a shared link does.
      '/product/organic-cotton-t-shirt?variant=TEE-M-NAVY',
    ]) {
      asked.length = 0;
      await page.goto(path);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(asked, `requests after ${path}`).toEqual([]);
    }
    expect(logged).toEqual([]);
    expect(errorsOf(page)).toEqual([]);

    // Moving on stays in the browser: the next screen asks the API itself.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('article').first().waitFor();

    // The server renders an empty cart; the stored one comes in once the page has hydrated.
    await page.getByRole('article').first().getByRole('button', { name: 'ADD TO CART' }).click();
    const badge = page.locator('.cart-link .badge');
    await expect.poll(() => badge.textContent()).toBe('1');
    await page.goto(`/category/${category.slug}`);
    await expect.poll(() => badge.textContent()).toBe('1');
    expect(logged).toEqual([]);
    await page.context().close();
  });
  it('when a shopper with a stored cart presses ADD TO CART before the scripts are in, then the press counts once the page has hydrated, after the stored cart, and the Cart link pressed after it follows', async () => {
    const page = await openPage();
    const badge = page.locator('.cart-link .badge');
    // A cart from an earlier visit.
    await page.goto('/');
    await hydrated(page);
    await cards(page).nth(1).getByRole('button', { name: 'ADD TO CART' }).click();
    await expect.poll(() => badge.textContent()).toBe('1');

    // The entry is held back until both presses are made: they come before any script runs.
    const release = await holdEntryScript(page);
    await page.goto('/', PAINTED);
    const card = cards(page).first();
    const name = ((await card.getByRole('heading').first().textContent()) ?? '').trim();
    await card.getByRole('button', { name: 'ADD TO CART' }).click();
    await page.getByRole('link', { name: /^Cart/ }).click();
    expect(await badge.textContent()).toBe('0');
    expect(new URL(page.url()).pathname).toBe('/');

    release();
    await page.getByRole('heading', { name: 'Hello Guest' }).waitFor();
    await expect.poll(() => badge.textContent()).toBe('2');
    expect(await page.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('when a shopper types a search before the scripts are in and presses Search as the page hydrates, then the results are of what was typed', async () => {
    const page = await openPage();
    const release = await holdEntryScript(page);
    await page.goto('/', PAINTED);
    await page.getByPlaceholder('Search').first().fill('Noise-Cancelling');
    // The press comes the moment the page has hydrated, before the early text is typed again
    // for React: it must wait its turn behind it (CI: an empty search, no results).
    await page.evaluate(() =>
      document.addEventListener(
        'shop:hydrated',
        () => document.querySelector<HTMLButtonElement>('.search-form button')?.click(),
        { once: true },
      ),
    );
    release();
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByRole('article', { name: 'Wireless Noise-Cancelling Headphones' }).waitFor();
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('when a shopper picks a variant before the scripts are in, then the choice stays and the price follows it once the page has hydrated', async () => {
    const page = await openPage();
    const release = await holdEntryScript(page);
    await page.goto('/product/usb-c-fast-charger-65w', PAINTED);
    const details = page.locator('.details');
    await details.getByText('$27.00').waitFor();
    const power = details
      .getByRole('group', { name: 'Power' })
      .getByRole('radio', { name: '100W', exact: true });
    await power.check();

    release();
    await details.getByText('$39.00').waitFor();
    expect(await power.isChecked()).toBe(true);
    expect(errorsOf(page)).toEqual([]);
    await page.context().close();
  });
});
