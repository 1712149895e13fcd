import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** An e-mail as the catcher's REST API lists it (MailDev's `GET /email`), the fields read here. */
export interface CaughtMail {
  id: string;
  subject: string;
  from: { address: string; name?: string }[];
  to: { address: string; name?: string }[];
  text: string;
  html: string;
}

/** How long an e-mail may take to arrive: the outbox's sender polls, then speaks SMTP. */
const ARRIVAL_TIMEOUT_MS = 60_000;

/** The catcher's web page, as a person opens it. */
export const mailWebUrl = () => inject('mailWebUrl');

/** Every e-mail the catcher holds for `address`, oldest first. */
export async function mailsTo(address: string): Promise<CaughtMail[]> {
  const res = await fetch(`${mailWebUrl()}/email`);
  expect(res.status).toBe(200);
  const all = (await res.json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address === address));
}

/** Waits, as a person refreshing their inbox would, until `address` has an e-mail so titled. */
export async function waitForMail(address: string, subject: string): Promise<CaughtMail> {
  const titled = async () => (await mailsTo(address)).filter((mail) => mail.subject === subject);
  await expect
    .poll(async () => (await titled()).length, { timeout: ARRIVAL_TIMEOUT_MS, interval: 250 })
    .toBeGreaterThan(0);
  return (await titled())[0] as CaughtMail;
}

/**
 * Opens the e-mail in the catcher's web page as a person would: the inbox, narrowed to the
 * buyer's address, then the message; answers the frame showing its HTML.
 */
export async function readInCatcher(page: Page, mail: CaughtMail, to: string) {
  await page.goto(mailWebUrl());
  await page.getByPlaceholder('Search...').fill(to);
  await page.locator('.email-item-link').filter({ hasText: mail.subject }).click();
  await page.locator('.email-meta .subject').filter({ hasText: mail.subject }).waitFor();
  await page.locator('.email-meta .to').getByText(to).waitFor();
  return page.frameLocator('iframe.panel-html');
}
