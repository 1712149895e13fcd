import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mailWebUrl, waitForMail } from '../mail/catcher';
import { freshEmail, SEED_ADMIN, SEED_USER } from '../support/accounts';
import { baseUrl, DESKTOP, errorsOf, hydrated, openPage, PHONE, shot } from '../support/browser';
import { SCREENSHOT_DIR } from '../support/paths';
import { apiToken } from '../support/shopper';

/** Issue 29's stock holds and "Notify me", for its note (apps/e2e/screenshots/ is not committed). */
const SHOTS = 'issue-29-holds';

interface ListedProduct {
  _id: string;
  name: string;
  slug: string;
  description: string;
  price: number;
  quantity: number;
  shipping: 0 | 1;
  category: { _id: string } | null;
  variants: { _id: string }[];
}

/**
 * A seeded product sold one way only (its only variant's stock is its own): the oldest such,
 * away from the home page's first products, which other files buy.
 */
async function productSoldOneWay(): Promise<ListedProduct> {
  const res = await fetch(`${baseUrl()}/api/v1/product/get-product`);
  const { products } = (await res.json()) as { products: ListedProduct[] };
  const found = products.reverse().find((p) => p.variants.length === 1 && p.category);
  if (!found) throw new Error('no seeded product sold one way');
  return found;
}

/** The admin sets the units for sale, as the edit form sends them. */
async function setStock(token: string, product: ListedProduct, quantity: number) {
  const current = (await (
    await fetch(`${baseUrl()}/api/v1/product/get-product/${product.slug}`)
  ).json()) as { product: ListedProduct };
  const form = new FormData();
  form.set('name', product.name);
  form.set('description', product.description);
  form.set('price', String(product.price));
  form.set('quantity', String(quantity));
  form.set('previousQuantity', String(current.product.quantity));
  form.set('category', product.category?._id ?? '');
  form.set('shipping', String(product.shipping));
  const res = await fetch(`${baseUrl()}/api/v1/product/update-product/${product._id}`, {
    method: 'PUT',
    headers: { Authorization: token },
    body: form,
  });
  expect(res.status, await res.text()).toBe(200);
}

/** Another shopper starts paying for `quantity` units: they are held for them. */
async function holdInACheckout(token: string, product: ListedProduct, quantity: number) {
  const res = await fetch(`${baseUrl()}/api/v1/order/create-payment-intent`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: JSON.stringify({ cart: [{ _id: product._id, quantity }] }),
  });
  expect(res.status, await res.text()).toBe(200);
}

const details = (page: Page) => page.locator('.details-info');

/**
 * Opens the product's page until it shows `text`: each API process learns of a stock change at
 * its catalogue's next poll, and a page already open does not ask again, as a shopper reloads.
 */
async function openUntilShown(page: Page, slug: string, text: string) {
  await expect
    .poll(
      async () => {
        await page.goto(`/product/${slug}`);
        await hydrated(page);
        return details(page).getByText(text).isVisible();
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

describe('stock held in checkouts and "Notify me", in the browser', () => {
  it('when another shopper holds units, then the page says Only 2 left; sold out, Notify me takes an e-mail, and the restock e-mail arrives', async () => {
    mkdirSync(join(SCREENSHOT_DIR, SHOTS), { recursive: true });
    const admin = await apiToken(SEED_ADMIN);
    const buyer = await apiToken(SEED_USER);
    const product = await productSoldOneWay();

    // 3 for sale, 1 of them held by a shopper paying: 2 left for everyone else.
    await setStock(admin, product, 3);
    await holdInACheckout(buyer, product, 1);
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const page = await openPage(viewport);
      await openUntilShown(page, product.slug, 'Only 2 left');
      await shot(page, `${SHOTS}/01-only-2-left-${name}`);
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    }

    // Sold out: the shopper leaves an address.
    await setStock(admin, product, 0);
    const email = freshEmail('notify-me');
    const page = await openPage(PHONE);
    await openUntilShown(page, product.slug, 'Out of stock');
    await details(page).getByLabel('Email').fill(email);
    await shot(page, `${SHOTS}/02-notify-me`);
    await details(page).getByRole('button', { name: 'Notify me' }).click();
    await details(page).getByText('We will e-mail you when it is back in stock').waitFor();
    await shot(page, `${SHOTS}/03-notify-me-noted`);

    // Restocked: one e-mail, read in the catcher.
    await setStock(admin, product, 4);
    const mail = await waitForMail(email, `${product.name} is back in stock`);
    expect(mail.subject).toBe(`${product.name} is back in stock`);
    const inbox = await openPage(DESKTOP);
    await inbox.goto(mailWebUrl());
    await inbox.getByPlaceholder('Search...').fill(email);
    await inbox.locator('.email-item-link').filter({ hasText: mail.subject }).click();
    await inbox
      .frameLocator('iframe.panel-html')
      .getByText(`Good news: ${product.name} is back in stock.`)
      .waitFor();
    await shot(inbox, `${SHOTS}/04-back-in-stock-mail`);
    expect(errorsOf(page)).toEqual([]);
    // The other files find the seeded stock as it was.
    await setStock(admin, product, product.quantity);
  });
});
