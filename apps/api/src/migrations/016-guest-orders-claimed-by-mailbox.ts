import { inBatches } from './batches.js';
import {
  confirmationsWithoutSentAt,
  dateConfirmationSent,
} from './email-confirmations-as-stored.js';
import type { Migration } from './migration.js';

/** Documents written at once. */
const BATCH = 100;

/**
 * A guest's orders are claimed by the account of the same mailbox, whatever the spelling of its
 * e-mail, and only those placed before the confirmation was sent: every confirmation kept
 * without the time it was sent gets it from its expiry (the orders got their `mailbox`, by which
 * they are found, from migration 015). Accounts keep their shape: one without
 * `emailConfirmedAt` is one whose e-mail was never confirmed, as every account before this was.
 */
export const migration: Migration = {
  id: '016-guest-orders-claimed-by-mailbox',
  name: 'pending confirmations given the time they were sent',
  async up(context) {
    const confirmations = await confirmationsWithoutSentAt();
    const dated = await inBatches(confirmations, BATCH, context, (batch) =>
      Promise.all(batch.map(dateConfirmationSent)),
    );
    if (dated > 0) context.log.info(`${dated} pending confirmations given the time they were sent`);
  },
};
