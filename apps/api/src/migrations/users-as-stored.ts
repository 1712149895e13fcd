import mongoose from 'mongoose';
import { isSealed, sealSecret } from '../features/auth/sealed-secrets.js';

/**
 * The migrations' reads and writes of accounts as earlier versions stored them (an
 * administrator without a staff role): straight through the driver.
 */
interface StoredSecondFactor {
  secret: string;
}

const users = () =>
  mongoose.connection.collection<{
    role?: number;
    staffRole?: string | null;
    twoFactor?: StoredSecondFactor;
    twoFactorPending?: StoredSecondFactor;
  }>('users');

/** Makes every administrator without a staff role an owner: how many were. */
export async function makeAdministratorsOwners(): Promise<number> {
  const { modifiedCount } = await users().updateMany(
    { role: 1, $or: [{ staffRole: { $exists: false } }, { staffRole: null }] },
    { $set: { staffRole: 'owner' } },
  );
  return modifiedCount;
}

/**
 * Seals every TOTP secret kept as it is (turned on or pending), each write made only while the
 * secret is still the one read: how many were.
 */
export async function sealTwoFactorSecrets(): Promise<number> {
  let sealed = 0;
  for (const field of ['twoFactor', 'twoFactorPending'] as const) {
    const path = `${field}.secret`;
    const cursor = users().find({ [path]: { $type: 'string' } }, { projection: { [path]: 1 } });
    for await (const user of cursor) {
      const secret = user[field]?.secret;
      if (secret === undefined || isSealed(secret)) continue;
      const { modifiedCount } = await users().updateOne(
        { _id: user._id, [path]: secret },
        { $set: { [path]: sealSecret(secret) } },
      );
      sealed += modifiedCount;
    }
  }
  return sealed;
}
