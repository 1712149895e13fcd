import type mongoose from 'mongoose';
import type { Config } from '../config.js';
import { UserModel } from '../features/auth/model.js';
import { hashPassword } from '../features/auth/use-cases.js';

const ADMIN = {
  label: 'admin',
  name: 'Shop Admin',
  email: 'admin@shop.test',
  password: 'admin123',
  role: 1,
  phone: '555-0100',
  address: '1 Market Street, Springfield',
} as const;

export const DEMO_USER = {
  label: 'user',
  name: 'Demo User',
  email: 'user@shop.test',
  password: 'user1234',
  role: 0,
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
  const ids = new Map<string, mongoose.Types.ObjectId>();
  const lines: string[] = [];
  for (const { label, name, email, password: published, role, phone, address } of SEED_ACCOUNTS) {
    const password = passwords[email];
    const now = new Date();
    const created = { name, email, role, phone, address, createdAt: now, updatedAt: now };
    // No automatic timestamps: they would $set updatedAt on an account that exists.
    const { upsertedCount } = await UserModel.updateOne(
      { email },
      { $setOnInsert: { ...created, password: await hashPassword(password) } },
      { upsert: true, timestamps: false },
    );
    const user = await UserModel.findOne({ email }).select('_id').lean();
    if (user) ids.set(email, user._id);
    const shown = password === published ? password : '(the password you set)';
    lines.push(
      `${label.padEnd(6)} ${email} ${upsertedCount ? `/ ${shown}` : '(already there, left unchanged)'}`,
    );
  }
  return { ids, lines };
}
