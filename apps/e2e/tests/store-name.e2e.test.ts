import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { readInCatcher, waitForMail } from '../mail/catcher';
import { freshEmail, SEED_ADMIN } from '../support/accounts';
import {
  baseUrl,
  checkScreen,
  DESKTOP,
  errorsOf,
  hydrated,
  login,
  openPage,
  PHONE,
  shot,
} from '../support/browser';
import { deliverTo, openShopperPage, payByCard } from '../support/checkout';
import { SCREENSHOT_DIR } from '../support/paths';
import { apiToken } from '../support/shopper';

/** Issue 36's store name and preloads, for its note (apps/e2e/screenshots/ is not committed). */
const SHOTS = 'issue-36-store-name';

const NAME = 'Newcomer Outfitters';
/** What every other file expects the store to be called: the name is given back after. */
const DEFAULT_NAME = 'Ecommerce App';

/** A seeded product no other file buys, with stock for every run (33 units). */
const PRODUCT = 'Wooden Building Blocks';

const DELIVERY = {
  'Recipient name': 'Nina Newcomer',
  Street: '36 Outfitters Row',
  City: 'Ogdenville',
  'Postal code': '49036',
  Country: 'US',
  Phone: '555-0136',
};

/** Chromium's words for a preload nobody used within a few seconds of the page's load. */
const UNUSED_PRELOAD = /preloaded using link preload but not used/;

/** Renames the store through the API, as the Store screen saves it (every other setting kept). */
async function nameStore(name: string) {
  const token = await apiToken(SEED_ADMIN);
  const store = await (await fetch(`${baseUrl()}/api/v1/store`)).json();
  const res = await fetch(`${baseUrl()}/api/v1/store`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({ ...store, name }),
  });
  expect(res.status).toBe(200);
}

async function slugOf(name: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/v1/product/search/${encodeURIComponent(name)}`);
  const products = (await res.json()) as { name: string; slug: string }[];
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`${name} is not in the seeded catalogue`);
  return found.slug;
}

/** The warnings about unused preloads the page logs from now on. */
function unusedPreloads(page: Page) {
  const warnings: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' && UNUSED_PRELOAD.test(message.text())) {
      warnings.push(message.text());
    }
  });
  return warnings;
}

/**
 * Waits until Chromium has had its time to warn of unused preloads on pages loaded so far: a
 * page of our own that preloads a read it never makes is loaded after them, and its warning is
 * waited for (Chromium warns a few seconds after a page's load, so theirs would have come).
 */
async function afterPreloadWarnings(viewport: { width: number; height: number }) {
  const control = await openPage(viewport);
  const warnings = unusedPreloads(control);
  await control.route('**/policy', async (route) => {
    const page = await route.fetch();
    const unused =
      '<link rel="preload" as="fetch" crossorigin href="/api/v1/product/product-count">';
    await route.fulfill({
      response: page,
      body: (await page.text()).replace('</head>', `${unused}</head>`),
    });
  });
  await control.goto('/policy');
  await expect.poll(() => warnings.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await control.context().close();
}

/** The header's brand, the store's name, links home. */
const brand = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

afterAll(() => nameStore(DEFAULT_NAME));

describe("the store's own name, in the browser", () => {
  for (const [viewport, device] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`when an admin on a ${device} names the store, then the header and the title of the next pages show it, server-rendered or not, an e-mail sent after is from it and signed with it, and no page preloads a read it does not make`, async () => {
      mkdirSync(join(SCREENSHOT_DIR, SHOTS), { recursive: true });
      const phone = viewport === PHONE;
      const step = (page: Page, name: string) => shot(page, `${SHOTS}/${name}-${device}`);

      // The admin saves the name in Store settings; the header and the title follow at once.
      const admin = await openPage(viewport);
      await login(admin, SEED_ADMIN.email, SEED_ADMIN.password);
      await admin.goto('/dashboard/admin/store');
      const name = admin.getByLabel('Store name');
      await name.fill(NAME);
      await admin.getByRole('button', { name: 'Save store settings' }).click();
      await admin.locator('[role="status"]').getByText('Store settings saved').first().waitFor();
      await brand(admin, NAME).waitFor();
      await expect.poll(() => admin.title()).toBe(`Dashboard - Store - ${NAME}`);
      await checkScreen(admin, `${SHOTS}/01-store-named-${device}`, { phone });

      // A shopper opens a product: the page the server sent names the store already.
      const shopper = await openShopperPage(viewport);
      const shopperPreloads = unusedPreloads(shopper);
      const answer = await shopper.goto(`/product/${await slugOf(PRODUCT)}`);
      expect(await answer?.text()).toContain(`<title>${PRODUCT} - ${NAME}</title>`);
      await brand(shopper, NAME).waitFor();
      expect(await shopper.title()).toBe(`${PRODUCT} - ${NAME}`);
      await hydrated(shopper);
      await checkScreen(shopper, `${SHOTS}/02-product-${device}`, { phone });
      await shopper.locator('.details').getByRole('button', { name: 'ADD TO CART' }).click();
      await expect
        .poll(async () => (await shopper.locator('.cart-link .badge').textContent())?.trim())
        .toBe('1');

      // The cart, which the browser renders, names it too.
      const cart = await openShopperPage(viewport);
      const cartPreloads = unusedPreloads(cart);
      await cart.goto('/cart');
      await cart.getByText('Your Cart is Empty').waitFor();
      await brand(cart, NAME).waitFor();
      expect(await cart.title()).toBe(`Your Cart - ${NAME}`);
      await afterPreloadWarnings(viewport);
      expect(shopperPreloads).toEqual([]);
      expect(cartPreloads).toEqual([]);
      await cart.context().close();

      // The guest pays; the confirmation comes from the store's name, signed with it.
      const email = freshEmail(`store-name-${device}`);
      await shopper.goto('/cart');
      await shopper.getByRole('heading', { name: 'Hello Guest' }).waitFor();
      await brand(shopper, NAME).waitFor();
      await shopper.getByRole('button', { name: 'Checkout as guest' }).click();
      const emailForm = shopper.getByRole('form', { name: 'Guest checkout' });
      await emailForm.getByLabel('E-mail').fill(email);
      await emailForm.getByRole('button', { name: 'Continue as guest' }).click();
      await emailForm.getByText(`Your order and its link will be sent to ${email}.`).waitFor();
      await deliverTo(shopper, DELIVERY);
      await checkScreen(shopper, `${SHOTS}/03-cart-${device}`, { phone });
      await payByCard(shopper, { guest: true });
      const number = Number(new URL(shopper.url()).pathname.split('/').pop());
      const placed = await waitForMail(email, `Order #${number} placed`);
      expect(placed.from).toEqual([{ address: expect.any(String), name: NAME }]);
      expect(placed.text.trimEnd()).toMatch(new RegExp(`\\n-- \\n${NAME}$`));
      const inbox = await openPage(DESKTOP);
      const letter = await readInCatcher(inbox, placed, email);
      await letter.getByText(`Thank you for your order #${number}.`).waitFor();
      await letter.getByText(NAME, { exact: true }).waitFor();
      await inbox.locator('.email-meta .from').getByText(NAME).waitFor();
      await step(inbox, '04-confirmation-email');

      expect([admin, shopper].flatMap(errorsOf)).toEqual([]);
      await Promise.all([admin, shopper, inbox].map((page) => page.context().close()));
    });
  }
});
