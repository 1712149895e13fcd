import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail } from '../support/accounts';
import {
  checkScreen,
  errorsOf,
  expectAccessible,
  login,
  openPage,
  PHONE,
  shot,
} from '../support/browser';
import { quotedFigure } from '../support/checkout';

/** Screens load their data after the chunk arrives; give them more than poll's default second. */
const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });
const cards = (page: Page) => page.getByRole('article');
const cardNamed = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const badge = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });
const toast = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${text}$`) });

/** One shopper's visit, step by step, on a desktop screen; each step builds on the last. */
describe('a shopper', () => {
  let page: Page;
  const shopper = { name: 'Erin Example', email: freshEmail('erin'), password: 'erin-secret' };

  beforeAll(async () => {
    page = await openPage();
  });
  afterAll(() => {
    expect(errorsOf(page)).toEqual([]);
  });

  it('when the shop opens, then the first page of products shows with its filters', async () => {
    await page.goto('/');
    await poll(() => cards(page).count()).toBe(6);
    expect(await page.title()).toBe('All Products - Best offers - Ecommerce App');
    await poll(() => page.getByRole('checkbox').count()).toBe(7);
    expect(await page.getByRole('radio').count()).toBe(6);
    expect(await badge(page).textContent()).toContain('0');
    await checkScreen(page, 'home-desktop');
  });

  it('when a category and a price band are chosen, then only matching products show; Reset brings all back', async () => {
    await page.getByRole('checkbox', { name: 'Books' }).check();
    await poll(() => cards(page).count()).toBe(6);
    await poll(() => page.getByRole('button', { name: 'Load More' }).count()).toBe(0);

    await page.getByRole('radio', { name: '$20 to 39' }).check();
    await poll(() => cards(page).count()).toBe(2);
    const prices = await page.getByRole('article').locator('.price').allTextContents();
    expect(prices.sort()).toEqual(['$24.00', '$38.00']);
    await checkScreen(page, 'home-filtered');

    await page.getByRole('button', { name: 'Reset Filters' }).click();
    await poll(() => cards(page).count()).toBe(6);
    expect(await page.getByRole('checkbox', { name: 'Books' }).isChecked()).toBe(false);
  });

  it('when Load More is clicked until the end, then every product is listed and the button goes', async () => {
    const loadMore = page.getByRole('button', { name: 'Load More' });
    for (let loaded = 6; loaded < 42; loaded += 6) {
      await loadMore.click();
      await poll(() => cards(page).count()).toBe(loaded + 6);
    }
    expect(await loadMore.count()).toBe(0);
    await shot(page, 'home-all-loaded');
  });

  it('when a keyword is searched, then the results page counts them and its cards work', async () => {
    await page.getByPlaceholder('Search').fill('mug');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByText(/^Found \d+$/).waitFor();
    await poll(() => cardNamed(page, 'Stoneware Coffee Mug').count()).toBe(1);
    await checkScreen(page, 'search-results');

    await cardNamed(page, 'Stoneware Coffee Mug')
      .getByRole('button', { name: 'ADD TO CART' })
      .click();
    await toast(page, 'Item Added to cart').waitFor();
    expect(await badge(page).textContent()).toContain('1');
  });

  it('when More Details is clicked, then the product page shows its facts and similar products', async () => {
    await cardNamed(page, 'Stoneware Coffee Mug')
      .getByRole('button', { name: 'More Details' })
      .click();
    await page.waitForURL('**/product/stoneware-coffee-mug');
    await page.getByRole('heading', { name: 'Stoneware Coffee Mug' }).waitFor();
    await page.getByText('Category : Home & Kitchen').waitFor();
    await page.getByRole('heading', { name: 'Similar Products' }).waitFor();
    await poll(() => cards(page).count()).toBeGreaterThan(0);
    await checkScreen(page, 'product-details');

    await page.locator('.details').getByRole('button', { name: 'ADD TO CART' }).click();
    await toast(page, 'Item added to cart').waitFor();
    expect(await badge(page).textContent()).toContain('2');
  });

  it('when a product is out of stock, then it cannot be added', async () => {
    await page.goto('/product/4k-action-camera');
    await page.getByText('Out of stock').first().waitFor();
    expect(
      await page.locator('.details').getByRole('button', { name: 'ADD TO CART' }).isDisabled(),
    ).toBe(true);
  });

  it('when a guest opens the cart, then it greets the guest, lists the mug added twice as one line of two, and totals in dollars', async () => {
    await badge(page).click();
    await page.getByRole('heading', { name: 'Hello Guest' }).waitFor();
    await page.getByText('You have 2 items in your cart').waitFor();
    const mug = page.getByRole('listitem', { name: 'Stoneware Coffee Mug' });
    await mug.getByText('2 × $9.50').waitFor();
    // Signed out, the cart is quoted for the shop's country: the summary's total is the quote's.
    expect(await quotedFigure(page, 'Subtotal')).toBe('$19.00');
    await page.getByText(`Total : ${await quotedFigure(page, 'Total')}`).waitFor();
    await checkScreen(page, 'cart-guest');

    await page.getByRole('button', { name: 'Please login to checkout' }).click();
    await page.waitForURL('**/login');
  });

  it('when the shopper registers, then the server confirms and the login page opens', async () => {
    await page.getByRole('link', { name: 'Register' }).click();
    await page.getByRole('heading', { name: 'REGISTER FORM' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Name').fill(shopper.name);
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password').fill(shopper.password);
    await page.getByLabel('Phone').fill('555-0199');
    await page.getByLabel('Address').fill('3 Birch Close, Springfield');
    await shot(page, 'register');
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await toast(page, 'User Register Successfully').waitFor();
    await page.waitForURL('**/login');
  });

  it('when the same e-mail registers again, then the server says why', async () => {
    const again = await openPage();
    await again.goto('/register');
    await again.getByLabel('Name').fill(shopper.name);
    await again.getByLabel('Email').fill(shopper.email);
    await again.getByLabel('Password').fill(shopper.password);
    await again.getByLabel('Phone').fill('555-0199');
    await again.getByLabel('Address').fill('3 Birch Close');
    await again.getByRole('button', { name: 'REGISTER' }).click();
    await again
      .getByRole('status')
      .filter({ hasText: /already/i })
      .waitFor();
    expect(again.url()).toMatch(/\/register$/);
    await again.context().close();
  });

  it('when the shopper logs in, then the header shows their name and the cart survived', async () => {
    await page.getByRole('heading', { name: 'LOGIN FORM' }).waitFor();
    await checkScreen(page, 'login');
    await login(page, shopper.email, shopper.password);
    expect(new URL(page.url()).pathname).toBe('/');
    await toast(page, 'login successfully').waitFor();
    await page.getByRole('button', { name: shopper.name }).waitFor();
    expect(await badge(page).textContent()).toContain('2');
  });

  it('when the profile is updated, then the new address is kept and shown in the cart', async () => {
    await page.getByRole('button', { name: shopper.name }).click();
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard/user');
    await page.getByText('3 Birch Close, Springfield').waitFor();
    await checkScreen(page, 'user-dashboard');

    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'USER PROFILE' }).waitFor();
    expect(await page.getByLabel('Email').isDisabled()).toBe(true);
    await page.getByLabel('Address').fill('9 Oak Road, Shelbyville');
    await page.getByRole('button', { name: 'UPDATE' }).click();
    await toast(page, 'Profile Updated Successfully').waitFor();
    await checkScreen(page, 'profile');

    await page.reload();
    await page.getByRole('heading', { name: 'USER PROFILE' }).waitFor();
    // The form fills in from the signed-in account as the page hydrates: as a person waits.
    await expect
      .poll(() => page.getByLabel('Address').inputValue())
      .toBe('9 Oak Road, Shelbyville');
    await page.goto('/cart');
    await page.getByRole('heading', { name: `Hello ${shopper.name}` }).waitFor();
    await page.getByText('9 Oak Road, Shelbyville').waitFor();
    await shot(page, 'cart-signed-in');
  });

  it('when a unit is taken off a line, then the cart and the badge follow, also after a reload', async () => {
    // The mug went in twice (from the search and from its page): one unit goes.
    await page
      .getByRole('listitem', { name: 'Stoneware Coffee Mug' })
      .getByRole('button', { name: 'Decrease quantity of Stoneware Coffee Mug' })
      .click();
    await page.getByText('You have 1 items in your cart').waitFor();
    await page.reload();
    await page.getByText('You have 1 items in your cart').waitFor();
    expect(await badge(page).textContent()).toContain('1');
  });

  it('when a new user opens their orders, then the page says there are none yet', async () => {
    await page.goto('/dashboard/user/orders');
    await page.getByText('You have not placed any orders yet').waitFor();
    await expectAccessible(page);
  });

  it('when the shopper logs out, then the toast confirms and the login page opens', async () => {
    await page.getByRole('button', { name: shopper.name }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logout Successfully').waitFor();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => window.localStorage.getItem('auth'))).toBeNull();
  });

  it('when the category pages open, then they list categories and their products', async () => {
    await page.goto('/categories');
    await page.getByRole('main').getByRole('link', { name: 'Toys & Games' }).click();
    await page.getByRole('heading', { name: 'Category - Toys & Games' }).waitFor();
    await page.getByText('6 result found').waitFor();
    await checkScreen(page, 'category');
    await page.goto('/categories');
    await page.getByRole('main').getByRole('link', { name: 'Books' }).waitFor();
    await checkScreen(page, 'categories');
  });

  it('when the header dropdown is opened, then each category is a link', async () => {
    await page.getByRole('button', { name: 'Categories' }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Clothing' })
      .click();
    await page.getByRole('heading', { name: 'Category - Clothing' }).waitFor();
  });

  it('when the footer pages open, then About, Contact and Privacy Policy show', async () => {
    for (const [link, heading, name] of [
      ['About', 'About us', 'about'],
      ['Contact', 'CONTACT US', 'contact'],
      ['Privacy Policy', 'Privacy Policy', 'policy'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await checkScreen(page, name);
    }
  });
});

describe('a shopper on a phone (375px)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await openPage(PHONE);
  });
  afterAll(() => {
    expect(errorsOf(page)).toEqual([]);
  });

  it('when the shop opens, then nothing overflows sideways and the filters fold behind a button', async () => {
    await page.goto('/');
    await poll(() => cards(page).count()).toBe(6);
    expect(await page.getByRole('checkbox', { name: 'Books' }).isVisible()).toBe(false);
    await checkScreen(page, 'home-phone', { phone: true });

    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('checkbox', { name: 'Electronics' }).check();
    await poll(() => cards(page).count()).toBe(6);
    await shot(page, 'home-phone-filters');
  });

  it('when the menu opens, then the search box and links are reachable', async () => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByPlaceholder('Search').fill('book');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByText(/^Found \d+$/).waitFor();
    await checkScreen(page, 'search-phone', { phone: true });
  });

  it('when the details, cart and a 404 open, then they fit the screen', async () => {
    await page.goto('/product/mechanical-keyboard');
    await page.getByRole('heading', { name: 'Mechanical Keyboard' }).waitFor();
    await page.locator('.details').getByRole('button', { name: 'ADD TO CART' }).click();
    await checkScreen(page, 'product-details-phone', { phone: true, accessible: false });

    await page.goto('/cart');
    await page.getByText('You have 1 items in your cart').waitFor();
    await checkScreen(page, 'cart-phone', { phone: true });

    await page.goto('/contact');
    await page.getByRole('heading', { name: 'CONTACT US' }).waitFor();
    await checkScreen(page, 'contact-phone', { phone: true, accessible: false });
  });

  it('when the user signs in on the phone, then the dashboard and orders fit the screen', async () => {
    await login(page, 'user@shop.test', 'user1234');
    await page.goto('/dashboard/user/orders');
    await page.getByRole('region', { name: 'Order 1', exact: true }).waitFor();
    await checkScreen(page, 'orders-phone', { phone: true });
    await page.goto('/dashboard/user/profile');
    await page.getByRole('heading', { name: 'USER PROFILE' }).waitFor();
    await checkScreen(page, 'profile-phone', { phone: true, accessible: false });
  });
});
