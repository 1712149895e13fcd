import { commandsTo } from '../../test/commands.js';
import { describe, expect, test } from '../../test/fixtures.js';
import { removeTokenVersion } from '../../test/raw-documents.js';
import {
  findSessionUser,
  findUser,
  forgetSession,
  revokeTokens,
  updateProfile,
} from './repository.js';

/** The reads of accounts sent while `work` runs. */
const accountReadsDuring = async (work: () => Promise<unknown>) =>
  (await commandsTo('users', work)).sent.filter((method) => method.startsWith('find')).length;

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

describe('the accounts kept for the session check', () => {
  test('when an account was read for a session, then the next check reads nothing', async ({
    user,
  }) => {
    await forgetSession(user.id);
    expect(await accountReadsDuring(() => findSessionUser(user.id))).toBe(1);

    expect(await accountReadsDuring(() => findSessionUser(user.id))).toBe(0);
  });

  test('when the account is forgotten while a read of it is on its way, then that read answers but is not kept: the next check reads again', async ({
    user,
  }) => {
    await forgetSession(user.id);
    // The read is sent; the forgetting (a write's, made here) overtakes its answer.
    const reading = findSessionUser(user.id);
    const forgetting = forgetSession(user.id);

    const [read] = await Promise.all([reading, forgetting]);

    expect(read?._id).toBe(user.id);
    expect(await accountReadsDuring(() => findSessionUser(user.id))).toBe(1);
  });
});
