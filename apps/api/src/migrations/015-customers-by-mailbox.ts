import { findUserContacts } from '../features/auth/index.js';
import { mailboxOf } from '../lib/mailbox.js';
import { inBatches, type Outcome } from './batches.js';
import {
  customerUsesUnderOldKeys,
  dropCustomerUses,
  moveCustomerUses,
  oldShopperOf,
} from './customer-uses-as-stored.js';
import type { Migration, MigrationContext } from './migration.js';
import { giveOrderMailbox, orderIdsWhere, ordersWithoutMailbox } from './orders-as-stored.js';

/** Documents changed at once. */
const BATCH = 100;

/** The e-mails of these accounts, by id (an account deleted since is missing). */
async function accountEmails(ids: readonly string[]): Promise<Map<string, string>> {
  const contacts = await findUserContacts([...new Set(ids)]);
  return new Map([...contacts].map(([id, { email }]) => [id, email]));
}

/**
 * Every order gets the mailbox of its e-mail, or, placed before orders recorded one, of its
 * buyer's account (an account's e-mail never changes); one whose account was deleted keeps none.
 */
async function giveOrdersMailboxes(context: MigrationContext): Promise<number> {
  const ids = await orderIdsWhere({ mailbox: { $exists: false } });
  return inBatches(ids, BATCH, context, async (batch) => {
    const orders = await ordersWithoutMailbox(batch);
    const emails = await accountEmails(
      orders.flatMap((order) => (order && !order.email && order.buyer ? [order.buyer] : [])),
    );
    return Promise.all(
      batch.map((id, i): Promise<Outcome> | Outcome => {
        const order = orders[i];
        const email = order?.email ?? (order?.buyer ? emails.get(order.buyer) : undefined);
        return email ? giveOrderMailbox(id, mailboxOf(email)) : 'done before';
      }),
    );
  });
}

/**
 * Every person's uses of a code limited per customer, counted by spelling until now (an
 * account apart from its own e-mail as a guest, `x+1@` apart from `x@`), are carried into one
 * document per mailbox. The uses of an account deleted since are dropped: they count nobody (no
 * one can sign in as it, and its e-mail is gone with it).
 */
async function countUsesByMailbox(context: MigrationContext) {
  const shoppers = (await customerUsesUnderOldKeys()).flatMap((id) => {
    const shopper = oldShopperOf(id);
    return shopper ? [{ id, shopper }] : [];
  });
  const emails = await accountEmails(
    shoppers.flatMap(({ shopper }) => ('account' in shopper ? [shopper.account] : [])),
  );
  const people = new Map<string, string>();
  const ofDeleted: string[] = [];
  for (const { id, shopper } of shoppers) {
    const email = 'guest' in shopper ? shopper.guest : emails.get(shopper.account);
    if (email) people.set(id, mailboxOf(email));
    else ofDeleted.push(id);
  }
  const moved = await inBatches([...people.keys()], BATCH, context, (batch) =>
    Promise.all(
      batch.map((id) => {
        const person = people.get(id);
        return person ? moveCustomerUses(id, person) : 'done before';
      }),
    ),
  );
  const dropped = await inBatches(ofDeleted, BATCH, context, (batch) =>
    Promise.all(batch.map(dropCustomerUses)),
  );
  return { moved, dropped };
}

/**
 * Per-customer discount limits and first-order checks count a person (the mailbox of their
 * e-mail, with the account that owns it) where the versions before counted a spelling: the
 * orders get the mailbox a person's orders are counted by, and the uses counted per spelling
 * are counted per mailbox.
 */
export const migration: Migration = {
  id: '015-customers-by-mailbox',
  name: 'orders and per-customer uses of discounts counted by mailbox',
  async up(context) {
    const given = await giveOrdersMailboxes(context);
    if (given > 0) context.log.info(`${given} orders given the mailbox of their e-mail`);
    const { moved, dropped } = await countUsesByMailbox(context);
    if (moved > 0) context.log.info(`${moved} shoppers' uses of discounts counted by mailbox`);
    if (dropped > 0) context.log.info(`${dropped} deleted accounts' uses of discounts dropped`);
  },
};
