import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import {
  baseUrl,
  DESKTOP,
  errorsOf,
  hydrated,
  login,
  openPage,
  PHONE,
  shot,
  viewports,
} from '../support/browser';
import { deliverTo, openShopperPage, payByCard, quotedFigure } from '../support/checkout';
import { SCREENSHOT_DIR } from '../support/paths';
import { apiToken, registerShopper } from '../support/shopper';

/** Issue 28's discount codes and promotions, for its note (apps/e2e/screenshots/ is not committed). */
const SHOTS = 'issue-28-discounts';

/**
 * Two seeded books no other file buys: the code's and the automatic promotion's only eligible
 * products, so neither changes another file's totals.
 */
const MAPS = 'a-short-history-of-maps';
const LIGHTHOUSE = 'midnight-at-the-lighthouse';

const ADDRESS = {
  Street: '9 Compass Row',
  City: 'Springfield',
  'Postal code': '49007',
  Country: 'US',
};

/** A code nobody has used, in capitals as the shop stores it. */
const freshCode = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase();

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function productId(slug: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/v1/product/get-product/${slug}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { product: { _id: string } }).product._id;
}

/** The admin creates a discount through the API; answers its id, for the clean-up. */
async function createDiscount(admin: string, input: Record<string, unknown>): Promise<string> {
  const created = await call(admin, 'POST', '/discounts', input);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body.discount as { _id: string })._id;
}

async function deleteDiscount(admin: string, id: string) {
  expect((await call(admin, 'DELETE', `/discounts/${id}`)).status).toBe(200);
}

/** A new shopper, signed in on a page of this size whose Stripe is the fake one. */
async function signedInShopper(prefix: string, viewport: { width: number; height: number }) {
  const password = 'discount123';
  const email = await registerShopper(prefix, {
    name: 'Dana Discount',
    password,
    phone: '5550142',
    address: '9 Compass Row, Springfield',
  });
  const page = await openShopperPage(viewport);
  await login(page, email, password);
  return page;
}

/**
 * Puts one more unit of the product in the cart from its page, once the cart counts the
 * `inCart` units already there, and waits until it counts this one too.
 */
async function addToCart(page: Page, slug: string, inCart: number) {
  await page.goto(`/product/${slug}`);
  await hydrated(page);
  const count = async () => Number(await page.locator('.cart-link .badge').textContent());
  await expect.poll(count).toBe(inCart);
  await page.locator('.details').getByRole('button', { name: 'ADD TO CART' }).click();
  await expect.poll(count).toBe(inCart + 1);
}

/** Opens the cart and confirms the delivery address, after which the cart is quoted. */
async function openQuotedCart(page: Page) {
  await page.goto('/cart');
  await deliverTo(page, ADDRESS);
  await quotedFigure(page, 'Total');
}

const codeField = (page: Page) => page.getByRole('textbox', { name: 'Discount code' });
const totals = (page: Page) => page.getByRole('region', { name: 'Cart totals' });
const discountLine = (page: Page, name: string) =>
  totals(page).locator('dt', { hasText: `Discount (${name})` });
const refusal = (page: Page) => page.locator('#discount-code-refusal');

async function applyCode(page: Page, code: string) {
  await codeField(page).fill(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
}

/** The discount's row in the admin's list. */
const rowOf = (page: Page, code: string): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: code, exact: true }) });

describe('discount codes and promotions in the browser', () => {
  it('when the admin creates a code on the Discounts screen and a shopper applies it in the cart and pays, then the totals show the discount and the list says it was used once', async () => {
    mkdirSync(join(SCREENSHOT_DIR, SHOTS), { recursive: true });
    const code = freshCode('MAPS');
    const adminToken = await apiToken(SEED_ADMIN);

    const admin = await openPage(DESKTOP);
    await login(admin, SEED_ADMIN.email, SEED_ADMIN.password);
    await admin.goto('/dashboard/admin/discounts');
    await admin.getByRole('button', { name: 'New discount' }).click();
    const form = admin.getByRole('form', { name: 'New discount' });
    await form.getByLabel('Title', { exact: true }).fill('Ten off maps');
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Kind', { exact: true }).selectOption('percentage');
    await form.getByLabel('Percentage', { exact: true }).fill('10');
    await form.getByLabel('Usage limit (orders in all)').fill('5');
    await form
      .getByRole('group', { name: 'Products (none: the whole cart)' })
      .getByRole('checkbox', { name: 'A Short History of Maps', exact: true })
      .check();
    await shot(admin, `${SHOTS}/01-admin-new-code`);
    await form.getByRole('button', { name: 'Save discount' }).click();
    await admin
      .locator('[role="status"]')
      .filter({ hasText: /^Discount created$/ })
      .first()
      .waitFor();
    const row = rowOf(admin, code);
    await row.getByRole('cell', { name: '0 / 5', exact: true }).waitFor();
    await row.getByRole('cell', { name: '10% off', exact: true }).waitFor();
    await shot(admin, `${SHOTS}/02-admin-code-listed`);

    try {
      // A shopper on a phone applies it: 10% of the $14.00 book comes off in the totals.
      const shopper = await signedInShopper('maps-code', PHONE);
      await addToCart(shopper, MAPS, 0);
      await openQuotedCart(shopper);
      const before = await quotedFigure(shopper, 'Total');
      await applyCode(shopper, code.toLowerCase());
      await discountLine(shopper, code).waitFor();
      expect(await quotedFigure(shopper, `Discount \\(${code}\\)`)).toMatch(/^[-−]\$1\.40$/);
      await expect.poll(() => quotedFigure(shopper, 'Total')).not.toBe(before);
      // Subtotal − discount + shipping + tax (prices here exclude it) is the total charged.
      const cents = async (label: string) =>
        Math.round(Number((await quotedFigure(shopper, label)).replace(/[^\d.]/g, '')) * 100);
      expect(
        (await cents('Subtotal')) -
          140 +
          (await cents('Shipping \\(Standard shipping\\)')) +
          (await cents('Tax')),
      ).toBe(await cents('Total'));
      expect(await refusal(shopper).count()).toBe(0);
      await shot(shopper, `${SHOTS}/03-code-applied-phone`);
      await payByCard(shopper);
      expect(errorsOf(shopper)).toEqual([]);

      // The order carries it: the list, reloaded, counts one use, on desktop and on a phone.
      await admin.reload();
      await rowOf(admin, code).getByRole('cell', { name: '1 / 5', exact: true }).waitFor();
      await shot(admin, `${SHOTS}/04-admin-usage-1-desktop`);
      const adminPhone = await openPage(PHONE);
      await login(adminPhone, SEED_ADMIN.email, SEED_ADMIN.password);
      await adminPhone.goto('/dashboard/admin/discounts');
      await rowOf(adminPhone, code).getByRole('cell', { name: '1 / 5', exact: true }).waitFor();
      await shot(adminPhone, `${SHOTS}/05-admin-usage-1-phone`);
      expect([...errorsOf(admin), ...errorsOf(adminPhone)]).toEqual([]);
    } finally {
      const listed = await call(adminToken, 'GET', '/discounts');
      const created = (listed.body.discounts as { _id: string; code: string | null }[]).find(
        (discount) => discount.code === code,
      );
      if (created) await deleteDiscount(adminToken, created._id);
    }
  });

  it.each(viewports())(
    'when a cart misses a code’s minimum or the code has ended, then the field says why; when the cart reaches an automatic promotion’s threshold, then it appears in the totals ($device)',
    async ({ viewport, device }) => {
      mkdirSync(join(SCREENSHOT_DIR, SHOTS), { recursive: true });
      const admin = await apiToken(SEED_ADMIN);
      const lighthouse = await productId(LIGHTHOUSE);
      const minimum = freshCode('MIN');
      const ended = freshCode('ENDED');
      const promotion = `Lighthouse pair ${freshCode('')}`;
      const day = 24 * 60 * 60 * 1000;
      const ids = [
        await createDiscount(admin, {
          title: 'Fifty or more',
          code: minimum,
          kind: 'percentage',
          value: 10,
          products: [lighthouse],
          minSubtotal: 50,
        }),
        await createDiscount(admin, {
          title: 'Last week only',
          code: ended,
          kind: 'percentage',
          value: 10,
          products: [lighthouse],
          startsAt: new Date(Date.now() - 8 * day).toISOString(),
          endsAt: new Date(Date.now() - day).toISOString(),
        }),
        // One $12.50 book is under $20; two are over.
        await createDiscount(admin, {
          title: promotion,
          automatic: true,
          kind: 'percentage',
          value: 20,
          products: [lighthouse],
          minSubtotal: 20,
        }),
      ];
      try {
        const page = await signedInShopper(`promo-${device}`, viewport);
        await addToCart(page, LIGHTHOUSE, 0);
        await openQuotedCart(page);
        expect(await discountLine(page, promotion).count()).toBe(0);

        await applyCode(page, minimum);
        await refusal(page).getByText(`Add $37.50 more to use ${minimum}`).waitFor();
        expect(await codeField(page).getAttribute('aria-describedby')).toBe(
          'discount-code-refusal',
        );
        expect(await discountLine(page, minimum).count()).toBe(0);
        await shot(page, `${SHOTS}/06-code-refused-minimum-${device}`);

        await applyCode(page, ended);
        await refusal(page).getByText(`${ended} has ended`).waitFor();
        await shot(page, `${SHOTS}/07-code-refused-ended-${device}`);
        await page.getByRole('button', { name: 'Remove code' }).click();
        await refusal(page).waitFor({ state: 'detached' });

        // A second book takes the cart to the promotion's threshold: it applies by itself.
        await addToCart(page, LIGHTHOUSE, 1);
        await openQuotedCart(page);
        await discountLine(page, promotion).waitFor();
        expect(await quotedFigure(page, `Discount \\(${promotion}\\)`)).toMatch(/^[-−]\$5\.00$/);
        expect(await quotedFigure(page, 'Subtotal')).toBe('$25.00');
        await shot(page, `${SHOTS}/08-automatic-promotion-${device}`);
        expect(errorsOf(page)).toEqual([]);
      } finally {
        // Nothing of this test stays to price another file's cart.
        for (const id of ids) await deleteDiscount(admin, id);
      }
    },
  );

  it.each(viewports())(
    'when a shopper follows /discount/CODE, then they land on the home page with a banner saying the code is applied ($device)',
    async ({ viewport, device }) => {
      mkdirSync(join(SCREENSHOT_DIR, SHOTS), { recursive: true });
      const admin = await apiToken(SEED_ADMIN);
      const code = freshCode('LINK');
      const id = await createDiscount(admin, {
        title: 'Campaign link',
        code,
        kind: 'percentage',
        value: 10,
        products: [await productId(MAPS)],
      });
      try {
        const page = await openPage(viewport);
        await page.goto(`/discount/${code}`);
        await page.waitForURL((url) => url.pathname === '/');
        await page.getByRole('status').getByText(`${code} is applied`, { exact: true }).waitFor();
        expect(await page.evaluate(() => window.localStorage.getItem('discountCode'))).toBe(
          JSON.stringify(code),
        );
        await shot(page, `${SHOTS}/09-link-banner-${device}`);
        expect(errorsOf(page)).toEqual([]);
      } finally {
        await deleteDiscount(admin, id);
      }
    },
  );
});
