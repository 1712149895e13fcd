import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 240_000,
    maxWorkers: 2,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
