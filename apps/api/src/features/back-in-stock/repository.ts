import { type SubscriptionDoc, SubscriptionModel } from './model.js';

/**
 * The back-in-stock subscriptions: the only module that reads or writes them. Ending one is a
 * single update guarded on it still waiting, so one process alone ends it, whoever tries.
 */

export interface Subscription {
  _id: string;
  productId: string;
  variantId: string;
  email: string;
  notifiedBy?: string;
}

const toSubscription = (doc: SubscriptionDoc & { _id: string }): Subscription => ({
  _id: doc._id,
  productId: doc.productId,
  variantId: doc.variantId,
  email: doc.email,
  ...(doc.notifiedBy ? { notifiedBy: doc.notifiedBy } : {}),
});

/** Notes the address for the variant; asking again changes nothing. */
export async function subscribe(productId: string, variantId: string, email: string) {
  const _id = `${productId}.${variantId}.${email}`;
  await SubscriptionModel.updateOne(
    { _id },
    { $setOnInsert: { productId, variantId, email, createdAt: new Date() } },
    { upsert: true },
  );
}

/** Every subscription still waiting. */
export async function waitingSubscriptions(): Promise<Subscription[]> {
  const docs = await SubscriptionModel.find({ notifiedBy: { $exists: false } }).lean<
    (SubscriptionDoc & { _id: string })[]
  >();
  return docs.map(toSubscription);
}

/** Ends the wait, recording the event that tells them: whether this call ended it. */
export async function markNotified(subscriptionId: string, eventId: string): Promise<boolean> {
  const { matchedCount } = await SubscriptionModel.updateOne(
    { _id: subscriptionId, notifiedBy: { $exists: false } },
    { $set: { notifiedBy: eventId } },
  );
  return matchedCount > 0;
}

export async function findSubscription(subscriptionId: string): Promise<Subscription | null> {
  const doc = await SubscriptionModel.findById(subscriptionId).lean<
    SubscriptionDoc & { _id: string }
  >();
  return doc ? toSubscription(doc) : null;
}

/** Removes a subscription once its e-mail went out (a new "Notify me" may then be noted). */
export async function removeNotified(subscriptionId: string, eventId: string) {
  await SubscriptionModel.deleteOne({ _id: subscriptionId, notifiedBy: eventId });
}
