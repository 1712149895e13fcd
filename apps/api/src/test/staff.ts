import mongoose from 'mongoose';

/**
 * Makes every owner of the test's database but `ownerId` a customer, straight in the database:
 * `ownerId` is then its last owner.
 */
export async function leaveOneOwner(ownerId: string): Promise<void> {
  await mongoose.connection
    .collection('users')
    .updateMany(
      { staffRole: 'owner', _id: { $ne: new mongoose.Types.ObjectId(ownerId) } },
      { $set: { role: 0, staffRole: null } },
    );
}
