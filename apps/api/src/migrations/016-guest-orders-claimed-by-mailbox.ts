import { inBatches } from './batches.js';
import {
  confirmationsWithoutSentAt,
  dateConfirmationSent,
} from './email-confirmations-as-stored.js';
import type { Migration } from './migration.js';
import { giveOrderItsMailbox, orderIdsWithoutMailbox } from './orders-as-stored.js';

/** Documents written at once. */
const BATCH = 100;

/**
 * A guest's orders are claimed by the account of the same mailbox, whatever the spelling of its
 * e-mail, and only those placed before the confirmation was sent: every order with an e-mail
 * gets that e-mail's mailbox (`mailbox`, by which they are found), and every confirmation kept
 * without the time it was sent gets it from its expiry. Accounts keep their shape: one without
 * `emailConfirmedAt` is one whose e-mail was never confirmed, as every account before this was.
 */
export const migration: Migration = {
  id: '016-guest-orders-claimed-by-mailbox',
  name: "orders given their e-mail's mailbox, pending confirmations the time they were sent",
  async up(context) {
    const orders = await orderIdsWithoutMailbox();
    const given = await inBatches(orders, BATCH, context, (batch) =>
      Promise.all(batch.map(giveOrderItsMailbox)),
    );
    const confirmations = await confirmationsWithoutSentAt();
    const dated = await inBatches(confirmations, BATCH, context, (batch) =>
      Promise.all(batch.map(dateConfirmationSent)),
    );
    if (given + dated > 0) {
      context.log.info(
        `${given} orders given their e-mail's mailbox, ${dated} pending confirmations the time they were sent`,
      );
    }
  },
};
