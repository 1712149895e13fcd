import mongoose from 'mongoose';
import { openSecret } from '../features/auth/sealed-secrets.js';
import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { turnOn } from '../test/two-factor.js';
import { migration } from './021-two-factor-secrets-sealed.js';

const users = () => mongoose.connection.collection('users');

describe('migration 021: two-factor secrets sealed', () => {
  test('when an account of an earlier version keeps its secret as it is, then it is sealed and its codes still sign in; a second run changes nothing', async ({
    api,
    admin,
  }) => {
    const { app } = await turnOn(api, admin.token);
    const _id = new mongoose.Types.ObjectId(admin.id);
    await users().updateOne(
      { _id },
      { $set: { 'twoFactor.secret': app.secret, twoFactorPending: { secret: app.secret } } },
    );

    const { lines } = await runMigration(migration);

    expect(lines).toEqual(['2 two-factor secrets sealed']);
    const stored = await users().findOne({ _id });
    expect(JSON.stringify(stored)).not.toContain(app.secret);
    expect(openSecret(stored?.twoFactor.secret)).toBe(app.secret);
    expect(openSecret(stored?.twoFactorPending.secret)).toBe(app.secret);
    await api
      .post('/api/v1/auth/login')
      .send({ email: admin.email, password: admin.password, otp: app.code(1) })
      .expect(200);
    expect((await runMigration(migration)).lines).toEqual([]);
  });
});
