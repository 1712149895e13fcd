import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startMailCatcher } from '@shop/api/testing';
// Brings 'vitest' into the program, so that the augmentation below has a module to extend.
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The mail catcher's web page (and REST API), where the shop's e-mails can be read. */
    mailWebUrl: string;
  }
}

/**
 * Starts the mail catcher the API starts in development (MailDev), on free loopback ports, and
 * puts its SMTP_URL in the environment. Listed before the harness's global setup, so the shop
 * it starts sends its e-mails there (the rest of the environment passes through).
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-mail-'));
  const catcher = await startMailCatcher({
    dataDir,
    smtpPort: await freePort(),
    webPort: await freePort(),
  });
  if (!catcher) throw new Error('MailDev is missing: run `pnpm install` first.');
  // The sender looks for new e-mails every 200 ms rather than every second.
  Object.assign(process.env, { SMTP_URL: catcher.smtpUrl, MAIL_POLL_MS: '200' });
  project.provide('mailWebUrl', catcher.webUrl);
  return () => {
    catcher.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
