import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, PHOTO } from '../support/admin-api';
import {
  baseUrl,
  checkScreen,
  errorsOf,
  hydrated,
  login,
  openPage,
  viewports,
} from '../support/browser';
import { openShopperPage, payByCard, quotedFigure } from '../support/checkout';
import { SCREENSHOT_DIR } from '../support/paths';
import { apiToken, registerShopper } from '../support/shopper';
import { type StartedShop, startShop } from '../support/start-shop';

/** Issue 36's cart: quantities and totals for everyone (apps/e2e/screenshots/ is not committed). */
const SHOTS = 'issue-36-cart';

type AdminCall = Awaited<ReturnType<typeof adminApi>>;

/** The seeded shop's first method for the US, as the totals name it. */
const SHIPPING = 'Shipping \\(Standard shipping\\)';

/** A product of its own category, `stock` units at $8.50: what the quantities test buys. */
async function createBottle(call: AdminCall, word: string, stock: number) {
  const category = (await call('POST', '/api/v1/category/create-category', {
    name: `${word} Shelf`,
  })) as { category: { _id: string } };
  const form = new FormData();
  form.set('name', `${word} Bottle`);
  form.set('description', 'A steel water bottle that keeps a drink cold all day');
  form.set('price', '8.50');
  form.set('quantity', String(stock));
  form.set('category', category.category._id);
  form.set('shipping', '1');
  form.set('photo', new Blob([PHOTO], { type: 'image/png' }), 'photo.png');
  const { product } = (await call('POST', '/api/v1/product/create-product', form)) as {
    product: { _id: string; name: string; slug: string };
  };
  return { ...product, categoryId: category.category._id };
}

/** The cart's badge, which the header's menu link and (on a phone) the header's icon carry. */
const badge = (page: Page) => page.locator('.cart-link .badge');

/** Presses ADD TO CART on the product's page once the cart counts `inCart` units, then `inCart + 1`. */
async function addOne(page: Page, inCart: number) {
  await expect.poll(async () => Number(await badge(page).textContent())).toBe(inCart);
  await page.locator('.details').getByRole('button', { name: 'ADD TO CART' }).click();
  await expect.poll(async () => Number(await badge(page).textContent())).toBe(inCart + 1);
}

/** The order's figures as the shopper's API answers them, for the order numbered `number`. */
async function orderAsAnswered(token: string, number: number) {
  const res = await fetch(`${baseUrl()}/api/v1/auth/orders`, {
    headers: { Authorization: token },
  });
  const { orders } = (await res.json()) as {
    orders: {
      number: number;
      total: number;
      payment: { amount: number };
      products: { name: string; price: number; quantity: number }[];
    }[];
  };
  return orders.find((order) => order.number === number);
}

describe('the cart with quantities', () => {
  const made: { _id: string; categoryId: string }[] = [];
  let call: AdminCall;

  beforeAll(async () => {
    mkdirSync(join(SCREENSHOT_DIR, SHOTS), { recursive: true });
    call = await adminApi();
  });

  afterAll(async () => {
    for (const product of made) {
      await call('DELETE', `/api/v1/product/product/${product._id}`);
      await call('DELETE', `/api/v1/category/delete-category/${product.categoryId}`);
    }
  });

  for (const { viewport, device } of viewports()) {
    it(`when a signed-in shopper on a ${device} adds a bottle twice, steps it up to the 3 in stock and back, and pays, then the cart held one line of units, the order has 2 at $8.50 each and its page says 2 × $8.50`, async () => {
      const word = `Qty${device}${Date.now().toString(36)}`;
      const bottle = await createBottle(call, word, 3);
      made.push(bottle);
      const password = 'quantity123';
      const email = await registerShopper(`qty-${device}`, {
        name: 'Quinn Quantity',
        password,
        phone: '555-0136',
        address: '7 Quantity Row, 49007 Springfield',
      });
      const shopper = await openShopperPage(viewport);
      await login(shopper, email, password);

      // The same bottle added twice is one line of two; the header counts units.
      await shopper.goto(`/product/${bottle.slug}`);
      await hydrated(shopper);
      await addOne(shopper, 0);
      await addOne(shopper, 1);
      if (device === 'phone') {
        // The menu folds away on a phone; the cart stays in the header beside it. The toasts of
        // the two adds sit over the header (top-center, spec §9) while they slide in and out:
        // the shopper taps the cart once they are gone, or the tap lands on a toast.
        await shopper
          .getByText('Item added to cart')
          .first()
          .waitFor({ state: 'detached', timeout: 10_000 });
        await shopper.getByRole('link', { name: 'Cart, 2 items' }).click();
      } else {
        await shopper.getByRole('link', { name: 'Cart 2' }).click();
      }
      await shopper.waitForURL((url) => url.pathname === '/cart');
      await shopper.getByText('You have 2 items in your cart').waitFor();
      const line = shopper.getByRole('listitem', { name: bottle.name });
      expect(await shopper.getByRole('listitem', { name: bottle.name }).count()).toBe(1);
      const units = line.getByRole('spinbutton', { name: `Quantity of ${bottle.name}` });
      const more = line.getByRole('button', { name: `Increase quantity of ${bottle.name}` });
      const fewer = line.getByRole('button', { name: `Decrease quantity of ${bottle.name}` });
      expect(await units.inputValue()).toBe('2');
      await line.getByText('2 × $8.50').waitFor();
      await line.getByText('$17.00').waitFor();

      // Stepped up to the stock, no further, and a number typed past it becomes it.
      await more.click();
      await expect.poll(() => units.inputValue()).toBe('3');
      await expect.poll(() => more.isDisabled()).toBe(true);
      await line.getByRole('status').getByText('Only 3 left').waitFor();
      await units.fill('9');
      await expect.poll(() => units.inputValue()).toBe('3');
      await checkScreen(shopper, `${SHOTS}/01-cart-at-stock-${device}`, {
        phone: device === 'phone',
      });
      await fewer.click();
      await expect.poll(() => units.inputValue()).toBe('2');
      await expect.poll(async () => Number(await badge(shopper).textContent())).toBe(2);

      // The delivery address starts from the profile's: street, postal code and town.
      const form = shopper.getByRole('form', { name: 'Delivery address' });
      expect(await form.getByLabel('Street', { exact: true }).inputValue()).toBe('7 Quantity Row');
      expect(await form.getByLabel('Postal code', { exact: true }).inputValue()).toBe('49007');
      expect(await form.getByLabel('City', { exact: true }).inputValue()).toBe('Springfield');
      expect(await form.getByLabel('Country', { exact: true }).inputValue()).toBe('US');
      await form.getByRole('button', { name: 'Deliver to this address' }).click();
      await form.getByText('Your order will be delivered to this address.').waitFor();
      expect(await quotedFigure(shopper, 'Subtotal')).toBe('$17.00');
      const total = await quotedFigure(shopper, 'Total');
      await checkScreen(shopper, `${SHOTS}/02-cart-two-quoted-${device}`, {
        phone: device === 'phone',
      });

      // Charged for 2: the order has one line of 2 at $8.50, and its total is the quote's.
      await payByCard(shopper);
      await shopper.goto('/dashboard/user/orders');
      const link = shopper.getByRole('link', { name: /^Order #\d+$/ }).first();
      const number = Number(((await link.textContent()) ?? '').replace(/\D/g, ''));
      const order = await orderAsAnswered(await apiToken({ email, password }), number);
      expect(order?.products).toEqual([
        expect.objectContaining({ name: bottle.name, price: 8.5, quantity: 2 }),
      ]);
      expect(`$${order?.total.toFixed(2)}`).toBe(total);
      expect(order?.payment.amount).toBe(Math.round((order?.total ?? 0) * 100));
      await link.click();
      await shopper.getByRole('heading', { name: `Order #${number}`, level: 1 }).waitFor();
      const row = shopper.getByRole('row').filter({ hasText: bottle.name });
      await row.getByText('2 × $8.50').waitFor();
      await row.getByText('$17.00').waitFor();
      await checkScreen(shopper, `${SHOTS}/03-order-page-${device}`, {
        phone: device === 'phone',
      });
      expect(errorsOf(shopper)).toEqual([]);
    });
  }
});

describe('a signed-out cart on a shop without payment keys', () => {
  let shop: StartedShop;

  // The README's default start: no Stripe keys.
  beforeAll(async () => {
    shop = await startShop({
      without: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
    });
  });

  afterAll(async () => {
    await shop?.stop();
  });

  it('when a signed-out shopper opens the cart, on a desktop and on a phone, then it shows shipping, tax and total for the shop’s country, guest checkout and Find my order, and a code’s discount changes the total', async () => {
    const call = await adminApi(shop.baseUrl);
    const code = `WELCOME${Date.now().toString(36).toUpperCase()}`;
    await call('POST', '/api/v1/discounts', {
      title: 'Welcome',
      code,
      kind: 'percentage',
      value: 10,
    });
    const found = (await (
      await fetch(`${shop.baseUrl}/api/v1/product/search/Stoneware%20Coffee%20Mug`)
    ).json()) as { slug: string }[];
    const mug = found[0]?.slug ?? expect.fail('the seeded mug is missing');

    for (const { viewport, device } of viewports()) {
      const page = await openPage(viewport, { baseURL: shop.baseUrl });
      await page.goto(`/product/${mug}`);
      await hydrated(page);
      await addOne(page, 0);
      await page.goto('/cart');
      await page.getByRole('heading', { name: 'Hello Guest' }).waitFor();
      await page.getByRole('button', { name: 'Please login to checkout' }).waitFor();
      const guest = page.getByRole('region', { name: 'Guest checkout' });
      await guest.getByRole('button', { name: 'Checkout as guest' }).waitFor();
      await guest.getByRole('link', { name: 'Find my order' }).waitFor();
      await page.getByText('Card payments are not configured').waitFor();
      const country = page.getByRole('combobox', { name: 'Estimate for' });
      expect(await country.inputValue()).toBe('US');

      // The shop's own figures: Standard shipping under $50, tax on goods and shipping, and a
      // total that adds them up, which the cart's summary says too.
      const cents = async (label: string) =>
        Math.round(Number((await quotedFigure(page, label)).replace(/[^\d.]/g, '')) * 100);
      expect(await quotedFigure(page, 'Subtotal')).toBe('$9.50');
      expect(await quotedFigure(page, SHIPPING)).toBe('$4.99');
      expect(await cents('Tax')).toBeGreaterThan(0);
      expect(await cents('Total')).toBe(950 + 499 + (await cents('Tax')));
      await page
        .getByRole('heading', { name: `Total : ${await quotedFigure(page, 'Total')}` })
        .waitFor();
      await checkScreen(page, `${SHOTS}/04-guest-cart-no-keys-${device}`, {
        phone: device === 'phone',
      });

      // A code applied signed out takes its 10% off, as it does signed in.
      await page.getByRole('textbox', { name: 'Discount code' }).fill(code.toLowerCase());
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      const discount = `Discount (${code})`;
      await page
        .getByRole('region', { name: 'Cart totals' })
        .locator('dt', { hasText: discount })
        .waitFor();
      expect(await quotedFigure(page, discount.replace(/[()]/g, '\\$&'))).toMatch(/^[-−]\$0\.95$/);
      expect(await cents('Total')).toBe(950 - 95 + 499 + (await cents('Tax')));
      await page
        .getByRole('heading', { name: `Total : ${await quotedFigure(page, 'Total')}` })
        .waitFor();
      await checkScreen(page, `${SHOTS}/05-guest-cart-code-no-keys-${device}`, {
        phone: device === 'phone',
      });
      expect(errorsOf(page)).toEqual([]);
      await page.context().close();
    }
  });
});
