import type { User } from '@shop/contracts';
import { mailboxOf } from '../../lib/mailbox.js';

/**
 * Who is checking out: a signed-in account, or a guest known by the e-mail they gave (issue 29).
 * Limits and holds count a shopper by `shopperKey`, so that a guest and an account are never
 * the same shopper, and a guest who comes back with the same e-mail (in any case) is.
 */
export type Shopper = { kind: 'account'; user: User } | { kind: 'guest'; email: string };

export const accountShopper = (user: User): Shopper => ({ kind: 'account', user });

/** `account:<id>` or `guest:<e-mail in lower case>`. */
export const shopperKey = (shopper: Shopper): string =>
  shopper.kind === 'account'
    ? `account:${shopper.user._id}`
    : `guest:${shopper.email.trim().toLowerCase()}`;

/** The address the shop writes to about this checkout's order. */
export const shopperEmail = (shopper: Shopper): string =>
  shopper.kind === 'account' ? shopper.user.email : shopper.email;

/**
 * The person whose per-customer discount conditions count: the mailbox of their e-mail, so that
 * an account and the guests of its mailbox, under any spelling, are one.
 */
export const personOf = (shopper: Shopper): string => mailboxOf(shopperEmail(shopper));
