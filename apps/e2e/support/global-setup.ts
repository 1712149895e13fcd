import { mkdirSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { SCREENSHOT_DIR } from './paths';
import { startShop } from './start-shop';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the built shop listens, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
  }
}

/** Starts the built shop every test file shares (see startShop). */
export default async function setup(project: TestProject) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const shop = await startShop();
  project.provide('baseUrl', shop.baseUrl);
  return shop.stop;
}
