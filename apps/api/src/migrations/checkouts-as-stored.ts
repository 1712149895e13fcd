import mongoose from 'mongoose';

/**
 * The migrations' reads of checkouts: the kept ones (`checkouts`, which only the checkout feature
 * writes, and which no other module may import) and the holds of the version before them
 * (`checkout_holds`, which no model describes any more): straight through the driver.
 */

/** The reservation keys of the checkouts that hold one now (open, or being placed). */
export async function reservationKeysHeld(): Promise<Set<string>> {
  const held = await mongoose.connection
    .collection('checkouts')
    .find({ status: { $in: ['open', 'placing'] } }, { projection: { 'reservation.key': 1 } })
    .toArray();
  return new Set(held.map((doc) => String((doc.reservation as { key: string }).key)));
}

/** Drops `checkout_holds`, where the version before the checkout record kept its holds: whether it was there. */
export async function dropCheckoutHolds(): Promise<boolean> {
  const db = mongoose.connection.db;
  if (!db) throw new Error('the database is not connected');
  const found = await db.listCollections({ name: 'checkout_holds' }, { nameOnly: true }).toArray();
  if (found.length === 0) return false;
  await db.dropCollection('checkout_holds');
  return true;
}
