import { existsSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Setups that must run before the shop starts, because they put into the environment what the
 * API reads at start-up (the checkout helper's fake Stripe keys, the mail catcher's SMTP_URL).
 * Listed only when present.
 */
const beforeShop = ['stripe/global-setup.ts', 'mail/global-setup.ts'].filter((file) =>
  existsSync(file),
);

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: [...beforeShop, 'support/global-setup.ts'],
    environment: 'node',
    // One shop and one database for every file: run the files one after another.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // What a person waits for a screen to answer, on a slow machine too: vitest's 1 s default
    // failed a cart badge's update under one busy core.
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/e2e.json' },
  },
});
