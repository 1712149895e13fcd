import { createHash, randomBytes } from 'node:crypto';
import { type AppError, badRequest, tooManyRequests } from '../../lib/errors.js';
import { mailboxOf } from '../../lib/mailbox.js';
import { refusalOfCustomerUses } from '../discounts/index.js';
import { unitsForSale } from '../products/index.js';
import type { Checkout, PricedSnapshot, Reservation } from './checkout.js';
import {
  addressBudgetId,
  type Budget,
  type BudgetPart,
  type BudgetRefusal,
  budgetNow,
} from './hold-budgets.js';
import { notEnoughInStock } from './pricing/quote.js';
import { findOpenCheckoutIn } from './repository.js';
import { type Shopper, shopperKey } from './shopper.js';

/**
 * What a shopper may hold while paying (issue 35), so that unpaid checkouts cannot close the
 * shop:
 *
 * - **One open checkout per slot**, which the shopper's next start replaces: an account's slot
 *   is the account; a guest's is their checkout's secret, answered by create-payment-intent and
 *   sent back by their browser. An e-mail proves nothing, so naming one gives no power over the
 *   checkouts made with it: a guest start without the secret opens a checkout of its own.
 * - **Budgets counted in the database** (./hold-budgets.ts): a shopper (an account, or a guest's
 *   mailbox, every spelling of it) holds at most CHECKOUT_HOLD_UNITS units and one use of each
 *   code; the checkouts started from one client address at most CHECKOUT_HOLD_UNITS_PER_ADDRESS.
 * - **A hold's life** is at most twice CHECKOUT_HOLD_SECONDS from its first start, however often
 *   it is renewed by starting again; a shopper whose hold ran that long holds nothing new for
 *   CHECKOUT_HOLD_SECONDS more.
 * - **A refused start changes no hold**: every refusal is known (from reads) before the shopper's
 *   previous checkout is given back; the guarded updates that follow keep the counts exact.
 */

export interface HoldLimits {
  holdSeconds: number;
  unitsPerShopper: number;
  unitsPerAddress: number;
}

/** A new hold: when it began (its first start), when it expires, the budgets it counts in. */
export interface Hold {
  heldSince: Date;
  expiresAt: Date;
  holders: string[];
}

/** A hold of `holdSeconds` from now, counted in no budget (a payment an earlier version made). */
export const freshHold = (holdSeconds: number, now = new Date()): Hold => ({
  heldSince: now,
  expiresAt: new Date(now.getTime() + holdSeconds * 1000),
  holders: [],
});

/** The shopper whose budget a checkout counts in: an account, or a guest's mailbox. */
const holderOf = (shopper: Shopper) =>
  shopper.kind === 'account'
    ? `account:${shopper.user._id}`
    : `mailbox:${mailboxOf(shopper.email)}`;

const slotOfSecret = (secret: string) =>
  `guest:${createHash('sha256').update(secret).digest('hex')}`;

/** Where a start puts its checkout, the secret a guest gets back, and the checkout it replaces. */
export interface Slot {
  slot: string;
  checkoutSecret: string | null;
  previous: Checkout | null;
}

/**
 * The shopper's slot: an account's own; a guest's, the secret's they sent when a checkout of
 * theirs is open there, else a new secret's (whatever the sender said, it names nothing open).
 */
export async function slotOf(shopper: Shopper, secret: string | undefined): Promise<Slot> {
  if (shopper.kind === 'account') {
    const slot = shopperKey(shopper);
    return { slot, checkoutSecret: null, previous: await findOpenCheckoutIn(slot) };
  }
  const previous = secret ? await findOpenCheckoutIn(slotOfSecret(secret)) : null;
  const checkoutSecret = previous && secret ? secret : randomBytes(24).toString('base64url');
  return { slot: slotOfSecret(checkoutSecret), checkoutSecret, previous };
}

/** "30 minutes", "8 seconds": a wait, rounded up. */
function duration(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

const heldTooLong = (holdSeconds: number, until: Date, now: Date) =>
  tooManyRequests(
    `Items are held for at most ${duration(2 * holdSeconds * 1000)} while paying; try again in ${duration(until.getTime() - now.getTime())}`,
  );

/**
 * The hold of a start replacing `previous` (or none): it began when the previous one did, and
 * expires CHECKOUT_HOLD_SECONDS from now, or at twice that from its beginning if sooner. A start
 * past that is refused (429); one that reaches it makes its shopper cool off after.
 */
export function holdOf(
  previous: Checkout | null,
  { holdSeconds }: Pick<HoldLimits, 'holdSeconds'>,
  now: Date,
): { heldSince: Date; expiresAt: Date; cooling?: { from: Date; until: Date } } {
  const heldSince = previous?.heldSince ?? now;
  const hold = holdSeconds * 1000;
  const cap = new Date(heldSince.getTime() + 2 * hold);
  const until = new Date(cap.getTime() + hold);
  if (cap <= now) throw heldTooLong(holdSeconds, until, now);
  const renewed = new Date(now.getTime() + hold);
  if (renewed < cap) return { heldSince, expiresAt: renewed };
  return { heldSince, expiresAt: cap, cooling: { from: cap, until } };
}

/** The budgets a start counts in: its shopper's (and their cooling off, if it begins), its address's. */
export function budgetsOf(
  shopper: Shopper,
  address: string,
  limits: HoldLimits,
  cooling?: { from: Date; until: Date },
): Budget[] {
  return [
    {
      id: holderOf(shopper),
      limit: limits.unitsPerShopper,
      holdsCodes: true,
      ...(cooling ? { cooling } : {}),
    },
    { id: addressBudgetId(address), limit: limits.unitsPerAddress, holdsCodes: false },
  ];
}

/** A reservation's part of its budgets. */
export const partOf = ({ key, units, discountIds }: Reservation): BudgetPart => ({
  key,
  units: units.reduce((n, line) => n + line.quantity, 0),
  discountIds,
});

/** The refusal of a start a budget cannot take (429), saying which. */
export function refusalOfBudget(refusal: BudgetRefusal, priced: PricedSnapshot): AppError {
  const { budget } = refusal;
  if (refusal.reason === 'cooling') {
    // A shopper cools off for as long as a hold lasts.
    const { from, until } = refusal.cooling;
    return heldTooLong((until.getTime() - from.getTime()) / 1000, until, new Date());
  }
  if (refusal.reason === 'code') {
    const discount = priced.discounts.find((d) => d._id === refusal.discountId);
    return tooManyRequests(
      `${discount?.code ?? discount?.title ?? 'This code'} is already held by another checkout of yours: finish that one, or try again in a few minutes`,
    );
  }
  return budget.holdsCodes
    ? tooManyRequests(`At most ${budget.limit} items can be held for one shopper while paying`)
    : tooManyRequests(
        'Too many items are held in checkouts from your network now; try again in a few minutes',
      );
}

/**
 * Refuses, before the shopper's previous checkout is touched, a start its budgets, the codes or
 * the stock could not give, counting what that checkout holds as the shopper's own: a shopper
 * cooling off (429), a budget short of its units or a code another checkout of theirs holds
 * (429), a code limited per customer they may not use (400), a line short (409, naming what
 * they could have). The guarded updates that follow decide for good.
 */
export async function refuseBeyondHolds(
  checkout: Checkout,
  previous: Checkout | null,
  budgets: readonly Budget[],
  { holdSeconds }: Pick<HoldLimits, 'holdSeconds'>,
  now: Date,
): Promise<void> {
  // Without a previous checkout nothing is given back before reserving, whose guarded updates
  // refuse as these reads would (a start on the path of every order spares them).
  if (!previous) return;
  const part = partOf(checkout.reservation);
  const ownKey = previous.reservation.key;
  const lines = checkout.priced.lines;
  const [standing, forSale] = await Promise.all([
    Promise.all(budgets.map(async (budget) => ({ budget, held: await budgetNow(budget.id) }))),
    unitsForSale(lines.map((line) => line.productId)),
  ]);
  for (const { budget, held } of standing) {
    const { cooling } = held;
    if (budget.holdsCodes && cooling && cooling.from <= now && now < cooling.until) {
      throw heldTooLong(holdSeconds, cooling.until, now);
    }
    const own = held.holds[ownKey] ?? 0;
    if (held.units - own + part.units > budget.limit) {
      throw refusalOfBudget({ budget, reason: 'units' }, checkout.priced);
    }
    const heldElsewhere = budget.holdsCodes
      ? part.discountIds.find((id) => held.codes[id] !== undefined && held.codes[id] !== ownKey)
      : undefined;
    if (heldElsewhere) {
      throw refusalOfBudget({ budget, reason: 'code', discountId: heldElsewhere }, checkout.priced);
    }
  }
  // A guest's per-customer conditions are judged here first (the quote does not judge them).
  const notTheirs = await refusalOfCustomerUses(checkout.reservation, previous.reservation.key);
  if (notTheirs) throw badRequest(notTheirs);
  const ownUnits = new Map(previous.reservation.units.map((l) => [l.variantId, l.quantity]));
  for (const line of lines) {
    const left = (forSale.get(line.variantId) ?? 0) + (ownUnits.get(line.variantId) ?? 0);
    if (left < line.quantity) throw notEnoughInStock(line, left);
  }
}
