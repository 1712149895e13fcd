import type { Config } from '../config.js';
import { insertUserIfMissing } from '../features/auth/repository.js';
import { hashPassword } from '../features/auth/use-cases.js';

const ADMIN = {
  label: 'admin',
  name: 'Shop Admin',
  email: 'admin@shop.test',
  password: 'admin123',
  role: 1,
  staffRole: 'owner',
  phone: '555-0100',
  address: '1 Market Street, Springfield',
} as const;

export const DEMO_USER = {
  label: 'user',
  name: 'Demo User',
  email: 'user@shop.test',
  password: 'user1234',
  role: 0,
  staffRole: null,
  phone: '555-0123',
  address: '42 Demo Lane, Springfield',
} as const;

/** The demo accounts with their published passwords (printed, and in the README). */
export const SEED_ACCOUNTS = [ADMIN, DEMO_USER] as const;

/** The password each seed account gets when it is created, by e-mail. */
export type SeedPasswords = Record<(typeof SEED_ACCOUNTS)[number]['email'], string>;

export const PUBLISHED_PASSWORDS: SeedPasswords = {
  [ADMIN.email]: ADMIN.password,
  [DEMO_USER.email]: DEMO_USER.password,
};

/**
 * The published passwords only in development; anywhere else SEED_ADMIN_PASSWORD and
 * SEED_USER_PASSWORD must say which passwords to use, so that no deployment gets an admin
 * whose password is on the internet by accident.
 */
export function seedPasswords(
  config: Pick<Config, 'NODE_ENV' | 'SEED_ADMIN_PASSWORD' | 'SEED_USER_PASSWORD'>,
): SeedPasswords {
  const given = {
    [ADMIN.email]: config.SEED_ADMIN_PASSWORD,
    [DEMO_USER.email]: config.SEED_USER_PASSWORD,
  };
  if (config.NODE_ENV === 'development') {
    return {
      [ADMIN.email]: given[ADMIN.email] ?? ADMIN.password,
      [DEMO_USER.email]: given[DEMO_USER.email] ?? DEMO_USER.password,
    };
  }
  const admin = given[ADMIN.email];
  const user = given[DEMO_USER.email];
  if (!admin || !user) {
    throw new Error(
      `Refusing to create the seed accounts with their published passwords (NODE_ENV=${config.NODE_ENV}): ` +
        'set SEED_ADMIN_PASSWORD and SEED_USER_PASSWORD.',
    );
  }
  return { [ADMIN.email]: admin, [DEMO_USER.email]: user };
}

/**
 * Creates each seed account that does not exist yet; an existing account (same e-mail) is
 * never changed, whatever its password or role now. Returns the ids and one printable line
 * per account (its password only when it is the published one).
 */
export async function insertMissingAccounts(passwords: SeedPasswords) {
  const ids = new Map<string, string>();
  const lines: string[] = [];
  for (const account of SEED_ACCOUNTS) {
    const { label, name, email, password: published, role, staffRole, phone, address } = account;
    const password = passwords[email];
    const { id, inserted } = await insertUserIfMissing({
      name,
      email,
      role,
      staffRole,
      phone,
      address,
      passwordHash: await hashPassword(password),
    });
    ids.set(email, id);
    const shown = password === published ? password : '(the password you set)';
    lines.push(
      `${label.padEnd(6)} ${email} ${inserted ? `/ ${shown}` : '(already there, left unchanged)'}`,
    );
  }
  return { ids, lines };
}
