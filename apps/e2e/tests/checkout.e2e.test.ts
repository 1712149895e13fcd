import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DECLINED_CARD, TEST_CARD } from '../stripe/fake-stripe';
import { serveFakeStripeJs } from '../stripe/stripe-js-stand-in';
import { SEED_ADMIN, SEED_USER } from '../support/accounts';
import { checkScreen, errorsOf, login, openPage } from '../support/browser';

const PAID = 'Payment Successful & Order Placed!';

/** A shopper's page whose Stripe.js and api.stripe.com are the fake Stripe's. */
async function openShopperPage() {
  const page = await openPage();
  await serveFakeStripeJs(page, inject('stripeBrowserUrl'));
  return page;
}

/** Puts the first two products of the home page in the cart; answers their names. */
async function addTwoProducts(page: Page) {
  await page.goto('/');
  const cards = page.getByRole('article');
  await cards.first().waitFor();
  const names: string[] = [];
  for (const card of [cards.nth(0), cards.nth(1)]) {
    names.push(await textOf(card.getByRole('heading').first()));
    await card.getByRole('button', { name: 'ADD TO CART' }).click();
  }
  return names;
}

/** The element's text as the DOM holds it, spaces at the ends trimmed. */
const textOf = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();

const orders = (page: Page) => page.getByRole('region', { name: /^Order \d+$/ });

async function countOrders(page: Page, path: string) {
  await page.goto(path);
  await orders(page).first().waitFor();
  return orders(page).count();
}

/** The newest order (the lists are newest first) reads as the demo user's paid order of `names`. */
async function expectNewestOrderOf(page: Page, names: string[]) {
  const newest: Locator = orders(page).first();
  await newest.waitFor();
  const row = newest.getByRole('row').nth(1);
  const cells = row.getByRole('cell');
  expect(await textOf(cells.nth(2))).toBe(SEED_USER.name);
  expect(await textOf(cells.nth(4))).toBe('Success');
  expect(await textOf(cells.nth(5))).toBe(String(names.length));
  const lines = await newest.locator('.line-name').allTextContents();
  expect(lines.sort()).toEqual([...names].sort());
}

async function typeCard(page: Page, number: string) {
  const field = page.getByRole('textbox', { name: 'Card number' });
  await field.fill('');
  await field.pressSequentially(number.replace(/(\d{4})(?=\d)/g, '$1 '));
}

describe('card checkout in the browser', () => {
  it('when a guest fills a cart, logs in and pays by card, then the order is placed, the cart emptied, and both the user and the admin see it', async () => {
    const page = await openShopperPage();
    const names = await addTwoProducts(page);

    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.getByRole('heading', { name: 'Hello Guest' }).waitFor();
    expect(await page.getByRole('button', { name: 'Make Payment' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Please login to checkout' }).click();
    await page.waitForURL('**/login');
    await login(page, SEED_USER.email, SEED_USER.password);
    await page.waitForURL('**/cart');

    const ordersBefore = await countOrders(page, '/dashboard/user/orders');
    await page.goto('/cart');
    const form = page.getByRole('form', { name: 'Card payment' });
    const payButton = form.getByRole('button', { name: 'Make Payment' });
    await form.getByText('Amount to pay:').waitFor();
    await expect.poll(() => payButton.isEnabled()).toBe(true);
    const total = (await textOf(page.getByRole('heading', { name: /^Total : / }))).slice(8);
    expect(await textOf(form.getByText('Amount to pay:'))).toBe(`Amount to pay: ${total}`);
    await typeCard(page, TEST_CARD);
    await checkScreen(page, 'checkout-card-form');

    await typeCard(page, DECLINED_CARD);
    await payButton.click();
    await page.getByRole('status').getByText('Your card was declined.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/cart');

    await typeCard(page, TEST_CARD);
    await payButton.click();
    await page.getByRole('status').getByText(PAID).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await textOf(page.getByRole('link', { name: /^Cart/ }))).toMatch(/^Cart\s*0$/);
    expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();

    expect(await countOrders(page, '/dashboard/user/orders')).toBe(ordersBefore + 1);
    await expectNewestOrderOf(page, names);

    const admin = await openPage();
    await login(admin, SEED_ADMIN.email, SEED_ADMIN.password);
    await admin.goto('/dashboard/admin/orders');
    await expectNewestOrderOf(admin, names);
    expect([...errorsOf(page), ...errorsOf(admin)]).toEqual([]);
  });
});
