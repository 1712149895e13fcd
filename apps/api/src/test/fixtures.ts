import { test as base } from 'vitest';
import { createAdmin, createUser, startTestApp } from './harness.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
type Account = Awaited<ReturnType<typeof createUser>>;

/**
 * The API test fixture. A test names what it needs:
 * - `app`: the real app over HTTP (`app.http()`), on a database of its own, one per test file;
 * - `admin`, `user`: a signed-in account made for that test (`.token`, `.id`, `.email`).
 */
export const test = base.extend<{
  $test: { admin: Account; user: Account };
  $file: { app: TestApp };
}>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's needs from this pattern
    async ({}, use) => {
      const app = await startTestApp();
      await use(app);
      await app.close();
    },
    { scope: 'file' },
  ],
  // The accounts live in the app's database, so they ask for the app first.
  admin: async ({ app: _app }, use) => use(await createAdmin()),
  user: async ({ app: _app }, use) => use(await createUser()),
});

export { describe, expect } from 'vitest';
export type { TestApp };
