import { countUsers, findCredentials, updateProfile } from '../features/auth/repository.js';
import { type Api, describe, expect, test } from '../test/fixtures.js';
import {
  insertMissingAccounts,
  PUBLISHED_PASSWORDS,
  SEED_ACCOUNTS,
  seedPasswords,
} from './accounts.js';

const [ADMIN, USER] = SEED_ACCOUNTS;
const login = (api: Api, email: string, password: string) =>
  api.post('/api/v1/auth/login').send({ email, password });

describe('seed passwords', () => {
  test('when in development without variables, then the published passwords are used', () => {
    expect(seedPasswords({ NODE_ENV: 'development' })).toEqual(PUBLISHED_PASSWORDS);
  });

  test('when in production or test without variables, then the seed refuses with the variables to set', () => {
    for (const NODE_ENV of ['production', 'test'] as const) {
      expect(() => seedPasswords({ NODE_ENV })).toThrow(
        /published passwords .*set SEED_ADMIN_PASSWORD and SEED_USER_PASSWORD/,
      );
      expect(() => seedPasswords({ NODE_ENV, SEED_ADMIN_PASSWORD: 'only-admin-1' })).toThrow(
        /SEED_USER_PASSWORD/,
      );
    }
  });

  test('when both variables are given, then they are used anywhere', () => {
    const given = { SEED_ADMIN_PASSWORD: 'admin-pass-1', SEED_USER_PASSWORD: 'user-pass-1' };
    for (const NODE_ENV of ['development', 'production'] as const) {
      expect(seedPasswords({ NODE_ENV, ...given })).toEqual({
        [ADMIN.email]: 'admin-pass-1',
        [USER.email]: 'user-pass-1',
      });
    }
  });
});

describe('seed accounts', () => {
  test('when the accounts are missing, then they are created with the given passwords, which are not printed', async ({
    api,
  }) => {
    const passwords = { [ADMIN.email]: 'chosen-admin-1', [USER.email]: 'chosen-user-1' };

    const { lines } = await insertMissingAccounts(passwords);

    expect(lines.join('\n')).not.toMatch(/chosen-/);
    expect(lines[0]).toContain('(the password you set)');
    await login(api, ADMIN.email, 'chosen-admin-1').expect(200);
    await login(api, ADMIN.email, ADMIN.password).expect(401);
  });

  test('when an account already exists, then the seed changes nothing in it, not even the password', async ({
    api,
  }) => {
    const admin = await findCredentials(ADMIN.email);
    await updateProfile(admin?.user._id ?? '', admin?.user.tokenVersion ?? 0, {
      name: 'Renamed Admin',
    });
    const before = await findCredentials(ADMIN.email);

    const { lines } = await insertMissingAccounts(PUBLISHED_PASSWORDS);

    const after = await findCredentials(ADMIN.email);
    expect(after).toEqual(before);
    expect(lines[0]).toBe(`admin  ${ADMIN.email} (already there, left unchanged)`);
    await login(api, ADMIN.email, ADMIN.password).expect(401);
    await login(api, ADMIN.email, 'chosen-admin-1').expect(200);
    expect(await countUsers({ email: ADMIN.email })).toBe(1);
  });
});
