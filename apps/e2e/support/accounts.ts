/** The seeded demo accounts (apps/api/src/seed/accounts.ts, SEED_ACCOUNTS; also in the README). */
export const SEED_ADMIN = {
  name: 'Shop Admin',
  email: 'admin@shop.test',
  password: 'admin123',
} as const;

export const SEED_USER = {
  name: 'Demo User',
  email: 'user@shop.test',
  password: 'user1234',
  address: '42 Demo Lane, Springfield',
} as const;

/** An e-mail nobody has used yet, so tests can register without stepping on each other. */
export const freshEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@shop.test`;
