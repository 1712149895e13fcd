import { describe, expect, test } from '../../test/fixtures.js';
import { removeTokenVersion } from '../../test/raw-documents.js';
import { findUser, revokeTokens, updateProfile } from './repository.js';

describe('updateProfile, guarded by the token version of whoever asks', () => {
  test('when the tokens were revoked after the token was checked, then the update changes nothing', async ({
    user,
  }) => {
    const before = await findUser(user.id);
    await revokeTokens(user.id);

    const updated = await updateProfile(user.id, before?.tokenVersion ?? 0, {
      name: 'Written by a revoked token',
      passwordHash: 'not-a-real-hash',
    });

    expect(updated).toBeNull();
    expect(await findUser(user.id)).toEqual({
      ...before,
      tokenVersion: (before?.tokenVersion ?? 0) + 1,
    });
  });

  test('when the account was stored before token versions, then version 0 updates it', async ({
    user,
  }) => {
    await removeTokenVersion(user.id);

    const updated = await updateProfile(user.id, 0, { name: 'Older Account' });

    expect(updated).toMatchObject({ name: 'Older Account', tokenVersion: 0 });
  });
});
