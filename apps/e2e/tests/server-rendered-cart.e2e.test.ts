import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_USER } from '../support/accounts';
import {
  checkScreen,
  DESKTOP,
  errorsOf,
  hydrated,
  login,
  openPage,
  viewports,
} from '../support/browser';
import { openShopperPage } from '../support/checkout';

/** The cart rendered by the server (apps/e2e/screenshots/ is not committed). */
const SHOTS = 'issue-36-cart-ssr';

const badge = (page: Page) => page.locator('.cart-link .badge');
const lineNames = (page: Page) => page.locator('p.line-name').allTextContents();

/** Puts the home page's `nth` product in the cart, `units` times; answers its name. */
async function add(page: Page, nth: number, units: number) {
  const card = page.getByRole('article').nth(nth);
  const name = ((await card.getByRole('heading').first().textContent()) ?? '').trim();
  for (let unit = 0; unit < units; unit += 1) {
    const before = Number(await badge(page).textContent());
    await card.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect.poll(async () => Number(await badge(page).textContent())).toBe(before + 1);
  }
  return name;
}

/**
 * Notes, from the page's first byte, whether it ever read "Your Cart is Empty" or greeted a
 * guest: what a full cart of a signed-in shopper must never flash.
 */
async function watchForFlash(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as { cartFlash?: Set<string> }).cartFlash = seen;
    new MutationObserver(() => {
      const text = document.getElementById('root')?.textContent ?? '';
      for (const flash of ['Your Cart is Empty', 'Hello Guest']) {
        if (text.includes(flash)) seen.add(flash);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => [...((window as { cartFlash?: Set<string> }).cartFlash ?? [])]);
}

describe('the cart rendered by the server', () => {
  it('when a signed-in shopper with two lines opens the cart, on a desktop and on a phone, then the page arrives with their greeting and lines (scripts off too), hydrates without a mismatch or a flash of an empty cart, and is stored by no cache', async () => {
    for (const { viewport, device } of viewports()) {
      // The checkout part loads Stripe.js once the lines are there: the stand-in answers it.
      const page = await openShopperPage(viewport);
      const logged: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') logged.push(message.text());
      });
      await login(page, SEED_USER.email, SEED_USER.password);
      await page.goto('/');
      await hydrated(page);
      const first = await add(page, 0, 2);
      const second = await add(page, 1, 1);

      // Without scripts: all the server sent, from the cookies the app wrote.
      const bare = await openPage(viewport, { javaScriptEnabled: false });
      await bare.context().addCookies(await page.context().cookies());
      const answer = await bare.goto('/cart');
      expect(answer?.headers()['cache-control']).toBe('private, no-store');
      await bare.getByRole('heading', { name: `Hello ${SEED_USER.name}` }).waitFor();
      await bare.getByText('You have 3 items in your cart').waitFor();
      expect(await lineNames(bare)).toEqual([first, second]);
      expect(await bare.getByText('Your Cart is Empty').count()).toBe(0);
      await bare.context().close();

      // With scripts: the same page, hydrated in place; the checkout part fills in after.
      const flashes = await watchForFlash(page);
      await page.goto('/cart');
      await hydrated(page);
      await page.getByRole('heading', { name: 'Current Address' }).waitFor();
      await page.getByRole('heading', { name: 'Delivery address' }).waitFor();
      expect(await lineNames(page)).toEqual([first, second]);
      expect(await flashes()).toEqual([]);
      expect(logged).toEqual([]);
      expect(errorsOf(page)).toEqual([]);
      await checkScreen(page, `${SHOTS}/01-signed-in-cart-${device}`, {
        phone: device === 'phone',
      });

      // Signed out, the cookie greets nobody: the next cart is a guest's, with the same lines.
      if (device === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: SEED_USER.name }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      const guest = await openPage(viewport, { javaScriptEnabled: false });
      await guest.context().addCookies(await page.context().cookies());
      await guest.goto('/cart');
      await guest.getByRole('heading', { name: 'Hello Guest' }).waitFor();
      expect(await lineNames(guest)).toEqual([first, second]);
      await guest.context().close();
      await page.context().close();
    }
  });

  it('when a shopper empties the cart, then the next cart page is rendered empty, as the app now stores it', async () => {
    const page = await openPage();
    await page.goto('/');
    await hydrated(page);
    const name = await add(page, 0, 1);
    await page.goto('/cart');
    await hydrated(page);
    await page.getByRole('listitem', { name }).getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Your Cart is Empty').waitFor();

    const bare = await openPage(DESKTOP, { javaScriptEnabled: false });
    await bare.context().addCookies(await page.context().cookies());
    await bare.goto('/cart');
    await bare.getByText('Your Cart is Empty').waitFor();
    expect(await lineNames(bare)).toEqual([]);
    await bare.context().close();
    await page.context().close();
  });
});
