import mongoose from 'mongoose';

/**
 * The migrations' reads and writes of accounts as earlier versions stored them (an
 * administrator without a staff role): straight through the driver.
 */
const users = () =>
  mongoose.connection.collection<{ role?: number; staffRole?: string | null }>('users');

/** Makes every administrator without a staff role an owner: how many were. */
export async function makeAdministratorsOwners(): Promise<number> {
  const { modifiedCount } = await users().updateMany(
    { role: 1, $or: [{ staffRole: { $exists: false } }, { staffRole: null }] },
    { $set: { staffRole: 'owner' } },
  );
  return modifiedCount;
}
