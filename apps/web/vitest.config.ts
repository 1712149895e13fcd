import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    passWithNoTests: false,
    testTimeout: 15_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
