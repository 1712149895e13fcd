import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readInCatcher, waitForMail } from '../mail/catcher';
import { freshEmail } from '../support/accounts';
import { baseUrl, DESKTOP, errorsOf, hydrated, openPage, PHONE, shot } from '../support/browser';
import { deliverTo, openShopperPage, payByCard } from '../support/checkout';
import { SCREENSHOT_DIR } from '../support/paths';

/** Issue 29's guest checkout and order links, for its note (apps/e2e/screenshots/ is not committed). */
const SHOTS = 'issue-29-guest';

/**
 * A seeded product no other file buys or counts (they take the home page's first products, the
 * oldest one-variant product, the mug, the tee and the headphones), with stock for every run.
 */
const PRODUCT = 'Bamboo Cutting Board Set';

/** Where the guest has the order delivered: a guest has no profile, so every field is typed. */
const DELIVERY = {
  'Recipient name': 'Gus Guest',
  Street: '29 Nocount Road',
  City: 'Ogdenville',
  'Postal code': '49029',
  Country: 'US',
  Phone: '555-0129',
};

const FIND_ANSWER = 'If there are orders for this e-mail, we have sent their links to it.';

async function slugOf(name: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/v1/product/search/${encodeURIComponent(name)}`);
  const products = (await res.json()) as { name: string; slug: string }[];
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`${name} is not in the seeded catalogue`);
  return found.slug;
}

/** Opens the product's page and presses ADD TO CART once it hydrated; waits for the cart's 1. */
async function addToCart(page: Page, slug: string) {
  await page.goto(`/product/${slug}`);
  await hydrated(page);
  await page.locator('.details').getByRole('button', { name: 'ADD TO CART' }).click();
  await expect
    .poll(async () => (await page.locator('.cart-link .badge').textContent())?.trim())
    .toBe('1');
}

/** The order's page as its link opens it: its number as the title and the product bought. */
async function expectOrderPage(page: Page, number: number) {
  await page.getByRole('heading', { name: `Order #${number}`, level: 1 }).waitFor();
  await page.getByRole('rowheader', { name: new RegExp(PRODUCT) }).waitFor();
}

describe('guest checkout and order links in the browser', () => {
  for (const [viewport, device] of [
    [DESKTOP, 'desktop'],
    [PHONE, 'phone'],
  ] as const) {
    it(`when a signed-out shopper on a ${device} checks out as a guest and pays by card, then the confirmation e-mail's link opens the order in a fresh browser, a wrong key is not found, and Find my order e-mails the link`, async () => {
      mkdirSync(join(SCREENSHOT_DIR, SHOTS), { recursive: true });
      const step = (page: Page, name: string) => shot(page, `${SHOTS}/${name}-${device}`);
      const email = freshEmail(`guest-${device}`);

      // Signed out, the cart offers guest checkout beside the spec's login button.
      const shopper = await openShopperPage(viewport);
      await addToCart(shopper, await slugOf(PRODUCT));
      await shopper.goto('/cart');
      await shopper.getByRole('heading', { name: 'Hello Guest' }).waitFor();
      await shopper.getByRole('button', { name: 'Please login to checkout' }).waitFor();
      const guest = shopper.getByRole('region', { name: 'Guest checkout' });
      await guest.getByRole('link', { name: 'Find my order' }).waitFor();
      await step(shopper, '01-cart-guest-offered');

      await guest.getByRole('button', { name: 'Checkout as guest' }).click();
      const emailForm = shopper.getByRole('form', { name: 'Guest checkout' });
      await emailForm.getByLabel('E-mail').fill(email);
      await emailForm.getByRole('button', { name: 'Continue as guest' }).click();
      await emailForm.getByText(`Your order and its link will be sent to ${email}.`).waitFor();
      await deliverTo(shopper, DELIVERY);
      await shopper
        .getByRole('form', { name: 'Card payment' })
        .getByText('Amount to pay:')
        .waitFor();
      await step(shopper, '02-cart-guest-email-and-address');

      // Paid, the guest lands on the order's page by its link.
      await payByCard(shopper, { guest: true });
      const landed = new URL(shopper.url());
      const number = Number(landed.pathname.split('/').pop());
      await expectOrderPage(shopper, number);
      await step(shopper, '03-order-page-after-paying');

      // The confirmation e-mail carries a link of its own to the order: keys are kept only as
      // hashes, so each letter is given a new one, and the page's own keeps working.
      const placed = await waitForMail(email, `Order #${number} placed`);
      const link = new RegExp(`Your order: (${baseUrl()}/orders/${number}\\?key=\\S+)`).exec(
        placed.text,
      )?.[1];
      expect(link, placed.text).toBeDefined();
      // The inbox is read as in a desktop mail client (the catcher's page is not the shop's).
      const inbox = await openPage(DESKTOP);
      const confirmation = await readInCatcher(inbox, placed, email);
      await confirmation.getByText(`Thank you for your order #${number}.`).waitFor();
      await confirmation.getByRole('link', { name: link }).waitFor();
      await step(inbox, '04-confirmation-email');

      // The link opens the order in a browser that never signed in.
      const fresh = await openPage(viewport);
      await fresh.goto(link as string);
      await expectOrderPage(fresh, number);
      await step(fresh, '05-order-by-link-fresh-browser');

      // Another key opens nothing: the same "not found" as for no order at all.
      const wrong = await openPage(viewport);
      await wrong.goto(`/orders/${number}?key=${'A'.repeat(32)}`);
      await wrong.getByText('Order not found').waitFor();
      expect(await wrong.getByRole('cell', { name: new RegExp(PRODUCT) }).count()).toBe(0);
      await step(wrong, '06-order-wrong-key');

      // Find my order, from there (a page the app drew, not the server: its link is the app's).
      await wrong.getByRole('link', { name: 'Find my other orders' }).click();
      await wrong.waitForURL('**/orders/find');
      await wrong.getByLabel('Email').fill(email);
      await wrong.getByRole('button', { name: 'Send me the links' }).click();
      await wrong.getByRole('status').getByText(FIND_ANSWER).waitFor();
      await step(wrong, '07-find-my-order-sent');
      const links = await waitForMail(email, 'Your orders');
      const found = new RegExp(`Order #${number}: (${baseUrl()}/orders/${number}\\?key=\\S+)`).exec(
        links.text,
      )?.[1];
      expect(found, links.text).toBeDefined();
      const letter = await readInCatcher(inbox, links, email);
      await letter.getByRole('link', { name: found }).waitFor();
      await step(inbox, '08-find-my-order-email');
      // Its link opens the order too, and so does the one the shopper landed on.
      await fresh.goto(found as string);
      await expectOrderPage(fresh, number);
      await fresh.goto(`${landed.pathname}${landed.search}`);
      await expectOrderPage(fresh, number);

      expect([shopper, fresh, wrong].flatMap(errorsOf)).toEqual([]);
    });
  }
});
