import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium.mjs';
import { SCREENSHOT_DIR } from './paths';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 740 } as const;
/** The desktop and a phone (`PHONE` unless the test names another), which a test walks in turn. */
export const viewports = (phone: { width: number; height: number } = PHONE) =>
  [
    { viewport: DESKTOP, device: 'desktop' },
    { viewport: phone, device: 'phone' },
  ] as const;

let browser: Promise<Browser> | undefined;
const pageErrors = new WeakMap<Page, string[]>();

/** The base URL of the shop the global setup started. */
export const baseUrl = () => inject('baseUrl');

function launch() {
  browser ??= launchChromium();
  return browser;
}

// One browser per test file, closed when the file is done.
afterAll(async () => {
  if (!browser) return;
  const open = browser;
  browser = undefined;
  await (await open).close();
});

/**
 * A page in a fresh browser context (own storage and cookies) on the shop's base URL (or
 * `baseURL`, another shop's); with `javaScriptEnabled: false`, as a browser without scripts
 * sees the shop.
 */
export async function openPage(
  viewport: { width: number; height: number } = DESKTOP,
  { javaScriptEnabled = true, baseURL = baseUrl() } = {},
) {
  const context = await (await launch()).newContext({
    baseURL,
    viewport,
    javaScriptEnabled,
  });
  // Every page notes when the screen the server rendered has hydrated (hydrated(page)).
  await context.addInitScript(() => {
    document.addEventListener('shop:hydrated', () => {
      (window as { shopHydrated?: boolean }).shopHydrated = true;
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  return page;
}

/**
 * Waits until the screen the server rendered has hydrated (apps/web/src/lib/server-rendered.ts
 * says so): before, a link is followed by the browser, not by the app.
 */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => (window as { shopHydrated?: boolean }).shopHydrated === true);

/** Uncaught exceptions the page threw so far; a healthy screen has none. */
export const errorsOf = (page: Page) => pageErrors.get(page) ?? [];

/** Signs in through the login form and waits until the app has moved on from /login. */
export async function login(page: Page, email: string, password: string) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** A full-page PNG in apps/e2e/screenshots/, named for what it shows. */
export async function shot(page: Page, name: string) {
  // Lazy images below the fold would otherwise show as empty boxes in a full-page shot.
  await page.evaluate(() => {
    for (const img of document.images) img.loading = 'eager';
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/**
 * Runs axe on the page at rest; serious and critical violations fail the test. Its finite
 * animations are let finish first: axe measures colours as they are at that instant, and a toast
 * fading in or out is half transparent, too little contrast (a CI run under one core caught the
 * profile's toast so).
 */
export async function expectAccessible(page: Page) {
  // Again while one was running: a toast's exit can start as its entrance ends.
  for (let round = 0; round < 10; round += 1) {
    const ran = await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ).then((finished) => finished.length),
    );
    if (ran === 0) break;
  }
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      where: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * A screen checked as a person meets it: on a phone, nothing overflows sideways; then no serious
 * accessibility violation (unless `accessible: false`, for a state already checked), and its
 * screenshot.
 */
export async function checkScreen(
  page: Page,
  name: string,
  { phone = false, accessible = true } = {},
) {
  if (phone) {
    const fits = await page.evaluate(
      () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
    );
    expect(fits, `${name} is wider than the phone`).toBe(true);
  }
  if (accessible) await expectAccessible(page);
  await shot(page, name);
}
