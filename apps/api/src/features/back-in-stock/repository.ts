import { mailboxOf } from '../../lib/mailbox.js';
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

/** One subscription per variant and mailbox (lib/mailbox.ts), whatever the address's spelling. */
export const subscriptionIdOf = (productId: string, variantId: string, email: string) =>
  `${productId}.${variantId}.${mailboxOf(email)}`;

/**
 * Notes the address for the variant, once per mailbox: asking again, under this spelling or
 * another, changes nothing (the address first given is the one written to).
 */
export async function subscribe(productId: string, variantId: string, email: string) {
  const _id = subscriptionIdOf(productId, variantId, email);
  await SubscriptionModel.updateOne(
    { _id },
    { $setOnInsert: { productId, variantId, email, createdAt: new Date() } },
    { upsert: true },
  );
}

/** Every subscription still waiting, but those deferred past `now`. */
export async function waitingSubscriptions(now = new Date()): Promise<Subscription[]> {
  const docs = await SubscriptionModel.find({
    notifiedBy: { $exists: false },
    $or: [{ notBefore: { $exists: false } }, { notBefore: { $lte: now } }],
  }).lean<(SubscriptionDoc & { _id: string })[]>();
  return docs.map(toSubscription);
}

/** Ends the wait, recording the event that tells them: whether this call ended it. */
export async function markNotified(subscriptionId: string, eventId: string): Promise<boolean> {
  const { matchedCount } = await SubscriptionModel.updateOne(
    { _id: subscriptionId, notifiedBy: { $exists: false } },
    { $set: { notifiedBy: eventId }, $unset: { notBefore: 1 } },
  );
  return matchedCount > 0;
}

/**
 * Makes the subscription ended by `eventId` wait again, not looked at before `notBefore` (its
 * letter was held back by a cap): then, if its variant is for sale, it is told.
 */
export async function deferSubscription(subscriptionId: string, eventId: string, notBefore: Date) {
  await SubscriptionModel.updateOne(
    { _id: subscriptionId, notifiedBy: eventId },
    { $set: { notBefore }, $unset: { notifiedBy: 1 } },
  );
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
