import { subscriptionIdOf } from '../features/back-in-stock/repository.js';
import type { Migration } from './migration.js';
import {
  moveWaitingSubscription,
  waitingSubscriptionsAsStored,
} from './subscriptions-as-stored.js';

/**
 * "Notify me" is one subscription per variant and mailbox since issue 35 (asking under two
 * spellings of an address is one): the waiting subscriptions noted under other spellings are
 * kept under their mailbox, one per variant, written to at the spelling met first (the one noted
 * under its mailbox already, else the oldest). Without it, 80
 * spellings noted before the upgrade would stay 80 subscriptions, each told in turn as the caps
 * on letters per mailbox let it, a day apart.
 */
export const migration: Migration = {
  id: '014-notify-me-per-mailbox',
  name: '"Notify me" subscriptions noted under several spellings of one mailbox become one',
  async up({ log }) {
    let moved = 0;
    for (const subscription of await waitingSubscriptionsAsStored()) {
      const { productId, variantId, email } = subscription;
      const _id = subscriptionIdOf(productId, variantId, email);
      if (subscription._id !== _id && (await moveWaitingSubscription(subscription, _id))) {
        moved += 1;
      }
    }
    if (moved > 0) log.info(`${moved} "Notify me" subscriptions kept under their mailbox`);
  },
};
