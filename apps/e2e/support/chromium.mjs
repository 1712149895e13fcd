// @ts-check
// The one way the e2e suite and the measuring scripts (scripts/) start Chromium: Debian's
// /usr/bin/chromium or CHROMIUM_PATH, driven by playwright-core without a download of its own.
import { chromium } from 'playwright-core';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * A headless Chromium, quiet: no background updates, sync or first-run screens.
 * @param {string[]} [extraArgs] more switches (the Lighthouse script opens a DevTools port)
 */
export const launchChromium = (extraArgs = []) =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [...FLAGS, ...extraArgs],
  });
