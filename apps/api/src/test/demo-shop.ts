import { seed } from '../seed/seed.js';

let seeded: Promise<unknown> | undefined;

/** The demo shop (`pnpm seed`), seeded once into the test file's database (after its app starts). */
export const demoShop = () => {
  seeded ??= seed(new Date('2026-01-01T00:00:00Z'));
  return seeded;
};
