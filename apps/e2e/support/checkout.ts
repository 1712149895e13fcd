import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { TEST_CARD } from '../stripe/fake-stripe';
import { serveFakeStripeJs } from '../stripe/stripe-js-stand-in';
import { openPage } from './browser';

export const PAID = 'Payment Successful & Order Placed!';

/** A shopper's page whose Stripe.js and api.stripe.com are the fake Stripe's. */
export async function openShopperPage(viewport?: { width: number; height: number }) {
  const page = await openPage(viewport);
  await serveFakeStripeJs(page, inject('stripeBrowserUrl'));
  return page;
}

export async function typeCard(page: Page, number: string) {
  const field = page.getByRole('textbox', { name: 'Card number' });
  await field.fill('');
  await field.pressSequentially(number.replace(/(\d{4})(?=\d)/g, '$1 '));
}

/**
 * Fills in and confirms the delivery address on /cart (the account's name and phone are there
 * already, or the address saved before); the card form opens once it is confirmed.
 */
export async function deliverTo(
  page: Page,
  address: Record<string, string>,
  { save = false } = {},
) {
  const form = page.getByRole('form', { name: 'Delivery address' });
  for (const [label, value] of Object.entries(address)) {
    await form.getByLabel(label, { exact: true }).fill(value);
  }
  if (save) await form.getByRole('checkbox', { name: 'Save this address to my profile' }).check();
  await form.getByRole('button', { name: 'Deliver to this address' }).click();
  await form.getByText('Your order will be delivered to this address.').waitFor();
}

/**
 * One figure of the cart's quote (`Subtotal`, `Total`, …), once its shipping is priced: the
 * server's figures, the total being what the card is charged.
 */
export async function quotedFigure(page: Page, label: string): Promise<string> {
  const totals = page.getByRole('region', { name: 'Cart totals' });
  await totals.getByText('Shipping (', { exact: false }).waitFor();
  const figure = totals.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  return ((await figure.textContent()) ?? '').trim();
}

/**
 * Pays for the cart with the test card and waits until the shop says the order is placed. On
 * /cart already (its delivery address confirmed), it pays there; elsewhere it opens the cart,
 * whose card form shows only for an account with a complete delivery address saved.
 * An account's shopper is then sent home; a guest (`guest: true`) to the order's page by its
 * link, `/orders/<number>?key=<key>`.
 */
export async function payByCard(page: Page, { guest = false } = {}) {
  if (new URL(page.url()).pathname !== '/cart') await page.goto('/cart');
  const form = page.getByRole('form', { name: 'Card payment' });
  const payButton = form.getByRole('button', { name: 'Make Payment' });
  await expect.poll(() => payButton.isEnabled()).toBe(true);
  await typeCard(page, TEST_CARD);
  await payButton.click();
  await page.getByRole('status').getByText(PAID).waitFor();
  await page.waitForURL((url) =>
    guest
      ? /^\/orders\/\d+$/.test(url.pathname) && url.searchParams.has('key')
      : url.pathname === '/',
  );
}
