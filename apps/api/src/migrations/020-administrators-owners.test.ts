import mongoose from 'mongoose';
import { describe, expect, test } from '../test/fixtures.js';
import { createUser } from '../test/harness.js';
import { runMigration } from '../test/migrations.js';
import { migration } from './020-administrators-owners.js';

const staffRoleOf = async (id: string) =>
  (
    await mongoose.connection
      .collection('users')
      .findOne({ _id: new mongoose.Types.ObjectId(id) }, { projection: { staffRole: 1 } })
  )?.staffRole;

describe('migration 020: every administrator an owner', () => {
  test('when an administrator of an earlier version has no staff role, then it becomes an owner and keeps every admin call; a customer stays one', async ({
    api,
  }) => {
    const admin = await createUser({ role: 1 });
    const customer = await createUser();
    await mongoose.connection
      .collection('users')
      .updateOne({ _id: new mongoose.Types.ObjectId(admin.id) }, { $unset: { staffRole: '' } });

    const { lines } = await runMigration(migration);

    expect(lines).toEqual(['1 administrators made owners']);
    expect(await staffRoleOf(admin.id)).toBe('owner');
    expect(await staffRoleOf(customer.id)).toBeNull();
    await api.get('/api/v1/auth/dashboard').set('Authorization', admin.token).expect(200);
    expect((await runMigration(migration)).lines).toEqual([]);
  });
});
