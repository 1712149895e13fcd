import mongoose from 'mongoose';

/**
 * The migrations' reads and writes of "Notify me" subscriptions as earlier versions noted them
 * (one per spelling of an address, `<product id>.<variant id>.<e-mail>`), which the model's
 * one-per-mailbox ids no longer describe: straight through the driver.
 */
interface StoredSubscription {
  _id: string;
  productId: string;
  variantId: string;
  email: string;
  createdAt: Date;
  notifiedBy?: string;
}

const subscriptions = () =>
  mongoose.connection.collection<StoredSubscription>('back_in_stock_subscriptions');

/** Every subscription still waiting (none told yet), oldest first. */
export const waitingSubscriptionsAsStored = () =>
  subscriptions()
    .find({ notifiedBy: { $exists: false } })
    .sort({ createdAt: 1 })
    .toArray();

/**
 * Notes `subscription` under `_id` unless a subscription is there already (an older spelling of
 * its mailbox), then removes it while it still waits: whether it was removed. Run again after a
 * stop between the two, it notes nothing twice.
 */
export async function moveWaitingSubscription(subscription: StoredSubscription, _id: string) {
  const { productId, variantId, email, createdAt } = subscription;
  await subscriptions().updateOne(
    { _id },
    { $setOnInsert: { productId, variantId, email, createdAt } },
    { upsert: true },
  );
  const { deletedCount } = await subscriptions().deleteOne({
    _id: subscription._id,
    notifiedBy: { $exists: false },
  });
  return deletedCount > 0;
}
