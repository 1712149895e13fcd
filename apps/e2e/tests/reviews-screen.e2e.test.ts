import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_ADMIN } from '../support/accounts';
import { checkScreen, DESKTOP, errorsOf, login, openPage } from '../support/browser';

const PHONE_390 = { width: 390, height: 844 } as const;
/** The seed's demo user's review of the novel, shown until the admin hides it. */
const NOVEL = { name: 'Midnight at the Lighthouse', slug: 'midnight-at-the-lighthouse' };
const TITLE = 'Hard to put down';

/** The novel's page as a signed-out shopper opens it: whether its reviews quote the seed's one. */
async function shopperSees(page: Page) {
  await page.goto(`/product/${NOVEL.slug}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.waitFor();
  // The list is a read of its own after the page: wait for it, or for its empty line.
  await reviews
    .getByText(/Hard to put down|No reviews yet/)
    .first()
    .waitFor();
  return (await reviews.getByText(TITLE).count()) > 0;
}

/** The Reviews screen narrowed to four stars, as the admin opens it from the menu. */
async function openReviews(page: Page) {
  await login(page, SEED_ADMIN.email, SEED_ADMIN.password);
  await page.goto('/dashboard/admin');
  await page
    .getByRole('navigation', { name: 'Admin Panel' })
    .getByRole('link', { name: 'Reviews' })
    .click();
  await page.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
  await page.getByRole('combobox', { name: 'Stars' }).selectOption({ label: '4 stars' });
  const row = page.getByRole('row', { name: new RegExp(TITLE) });
  await row.waitFor();
  expect(await row.getByRole('link', { name: NOVEL.name }).count()).toBe(1);
  return row;
}

describe('the admin’s Reviews screen', () => {
  it('when the admin hides a review there, then its row says Hidden and the product’s page no longer shows it; shown again on a phone, it is back', async () => {
    const shopper = await openPage(DESKTOP);
    expect(await shopperSees(shopper)).toBe(true);

    const admin = await openPage(DESKTOP);
    const row = await openReviews(admin);
    await checkScreen(admin, 'reviews-screen-desktop');
    await row.getByRole('button', { name: `Hide the review “${TITLE}”` }).click();
    await row.getByRole('button', { name: `Show the review “${TITLE}”` }).waitFor();
    expect(await row.getByRole('cell', { name: 'Hidden', exact: true }).count()).toBe(1);
    await admin
      .locator('[role="status"]')
      .filter({ hasText: /^Review hidden/ })
      .first()
      .waitFor({ state: 'detached' });
    await checkScreen(admin, 'reviews-screen-hidden-desktop');

    await expect.poll(() => shopperSees(shopper)).toBe(false);

    const phone = await openPage(PHONE_390);
    const phoneRow = await openReviews(phone);
    await checkScreen(phone, 'reviews-screen-phone', { phone: true });
    await phoneRow.getByRole('button', { name: `Show the review “${TITLE}”` }).click();
    await phoneRow.getByRole('button', { name: `Hide the review “${TITLE}”` }).waitFor();
    await expect.poll(() => shopperSees(shopper)).toBe(true);

    for (const page of [shopper, admin, phone]) expect(errorsOf(page)).toEqual([]);
  });
});
