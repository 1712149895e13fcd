import { verifyEmailResponseSchema } from '@shop/contracts/guest';
import { insertEmailConfirmation } from '../features/guest-orders/repository.js';
import { findStoredOrder } from '../features/orders/index.js';
import { digestOfLinkToken, newLinkToken } from '../lib/link-tokens.js';
import { describe, expect, test } from '../test/fixtures.js';
import { runMigration } from '../test/migrations.js';
import { makeOrder, makeOrderedProduct, minutesAgo } from '../test/orders.js';
import { forgetOrderMailbox, removeSentAt } from '../test/raw-documents.js';
import { registerAndSignIn } from '../test/sign-ins.js';
import { migration as ordersByMailbox } from './015-customers-by-mailbox.js';
import { migration } from './016-guest-orders-claimed-by-mailbox.js';

// Only documents of the old shape are written here: the migration finds them by what they lack.

const LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A guest's order of `email` placed `minutes` ago, as stored before orders kept a mailbox. */
async function guestOrderBeforeMailboxes(email: string, minutes: number) {
  const product = await makeOrderedProduct(30);
  const id = await makeOrder({
    buyer: null,
    email,
    products: [product],
    createdAt: minutesAgo(minutes),
  });
  await forgetOrderMailbox(id);
  return id;
}

describe("migration 016: guest orders claimed by their e-mail's mailbox", () => {
  test('when orders and a pending confirmation of the previous build are migrated, then the account claims the orders of its mailbox placed before the link was sent, and nothing is written twice', async ({
    api,
  }) => {
    const local = `lin${Math.random().toString(36).slice(2, 10)}`;
    const account = await registerAndSignIn(api, { email: `${local}@gmail.com` });
    const before = await guestOrderBeforeMailboxes(
      `${local.slice(0, 2)}.${local.slice(2)}@gmail.com`,
      10,
    );
    const after = await guestOrderBeforeMailboxes(`${local}+later@googlemail.com`, 2);
    const token = newLinkToken();
    const hash = digestOfLinkToken(token);
    // Sent 5 minutes ago, by a version that gave links 24 hours.
    const sentAt = minutesAgo(5);
    await insertEmailConfirmation({
      hash,
      userId: account.id,
      email: account.email,
      sentAt,
      expiresAt: new Date(sentAt.getTime() + LIFETIME_MS),
    });
    await removeSentAt(hash);

    // The orders get their mailbox from 015, which runs first.
    await runMigration(ordersByMailbox);
    const runs = await Promise.all([runMigration(migration), runMigration(migration)]);

    // Each run tells how many confirmations it wrote: together, each one once.
    const told = runs.flatMap((run) => run.lines).map((line) => Number(/\d+/.exec(line)?.[0]));
    expect(told.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await runMigration(migration)).lines).toEqual([]);
    const res = await api
      .post('/api/v1/auth/verify-email')
      .set('Authorization', account.token)
      .send({ token });
    expect(res.status).toBe(200);
    expect(verifyEmailResponseSchema.parse(res.body).claimed).toBe(1);
    expect((await findStoredOrder(before))?.buyerId).not.toBeNull();
    expect((await findStoredOrder(after))?.buyerId).toBeNull();
  });
});
