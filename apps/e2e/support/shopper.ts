import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { freshEmail } from './accounts';
import { baseUrl } from './browser';

/**
 * A new shopper, registered through the API as the Register form would, under an e-mail nobody
 * has used (starting with `prefix`); answers that e-mail.
 */
export async function registerShopper(
  prefix: string,
  account: { name: string; password: string; phone: string; address: string },
) {
  const email = freshEmail(prefix);
  const res = await fetch(`${baseUrl()}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...account, email }),
  });
  expect(res.status).toBe(201);
  return email;
}

/** Signs in through the API as the Login form does; answers the token its calls send. */
export async function apiToken(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Puts the home page's first product in the cart, as a shopper does: presses ADD TO CART and
 * waits for the cart to say so; answers its name.
 */
export async function addFirstProduct(page: Page) {
  await page.goto('/');
  const card = page.getByRole('article').first();
  await card.waitFor();
  const name = ((await card.getByRole('heading').first().textContent()) ?? '').trim();
  const badge = page.locator('.cart-link .badge');
  const before = Number(await badge.textContent());
  await card.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect.poll(async () => Number(await badge.textContent())).toBe(before + 1);
  return name;
}
