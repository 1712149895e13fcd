/**
 * Which discounts a cart gets and what each takes off, by the rules of
 * docs/features/discounts.md. Pure and in integers: amounts in minor units of the store
 * currency, as entered (gross when prices include tax, else net); the caller splits the tax of
 * what is left (see checkout's quote).
 */
import { add, lowest, type Minor, minor, subtract, sum, times, ZERO } from '../../lib/money.js';
import type { StoredDiscount } from './repository.js';

export type DiscountRule = Omit<StoredDiscount, 'used' | 'usageLimit' | 'updatedAt'>;

/** A cart line as the discounts see it: its product, that product's category, its units. */
export interface DiscountLine {
  productId: string;
  categoryId: string;
  unitPrice: Minor;
  quantity: number;
}

/**
 * What the shop knows of the person asking (their mailbox and the account that owns it, or only
 * what the account did itself: see `complete`); null where the quote does not judge
 * per-customer conditions (an e-mail it cannot verify).
 */
export interface ShopperFacts {
  ordersSoFar: number;
  /** Orders the person placed with each discount, by its `_id`. */
  uses: ReadonlyMap<string, number>;
  /**
   * Whether these facts are known to be theirs (a confirmed account's mailbox, or an account's
   * own orders alone): then a refusal says which condition failed; else every one is refused in
   * the same words, which tell nothing of what the e-mail's owner bought.
   */
  verified: boolean;
  /**
   * Whether these are all the orders and uses paying judges them on. Not so for an account whose
   * e-mail is not confirmed, quoting: only what it did itself counts there (anyone may register
   * a stranger's e-mail), and its mailbox's guest orders count when it pays; so a code limited
   * per customer that passes applies "at checkout if eligible", as for a guest.
   */
  complete: boolean;
}

export interface CartToDiscount {
  lines: readonly DiscountLine[];
  /** The shipping charge as entered; 0 without one. */
  shipping: Minor;
  /** The active automatic discounts, and the discount of the asked code if there is one. */
  candidates: readonly DiscountRule[];
  /** The code the shopper gave, in capitals; null: none. */
  askedCode: string | null;
  shopper: ShopperFacts | null;
  now: Date;
  /** A minor-unit amount as the cart writes it ("₹120.00"). */
  formatAmount: (amount: Minor) => string;
}

export interface AppliedAmount {
  discount: DiscountRule;
  amount: Minor;
}

export interface DiscountOutcome {
  /** What came off each line, in the cart's line order. */
  lineDiscounts: Minor[];
  shippingDiscount: Minor;
  /** In the order they were taken off. */
  applied: AppliedAmount[];
  /** Why the asked code does not apply, one sentence; null when it does or none was asked. */
  refusal: string | null;
  /**
   * That the asked code, applied, is still to be judged for the shopper (its per-customer
   * conditions, unknown here) when paying; null otherwise.
   */
  notice: string | null;
}

interface Taken {
  lines: Minor[];
  shipping: Minor;
}

const PERCENT = 100n;

/** floor(amount × numerator / denominator), in BigInt so that no product leaves the exact range. */
const floorShare = (amount: Minor, numerator: Minor, denominator: Minor) =>
  minor(Number((BigInt(amount) * BigInt(numerator)) / BigInt(denominator)));

/** round(amount × percent / 100), half away from zero, for amounts ≥ 0. */
const percentOf = (amount: Minor, percent: number) =>
  minor(Number((BigInt(amount) * BigInt(percent) * 2n + PERCENT) / (2n * PERCENT)));

const isEligible = (discount: DiscountRule, line: DiscountLine) =>
  (discount.products.length === 0 && discount.categories.length === 0) ||
  discount.products.includes(line.productId) ||
  discount.categories.includes(line.categoryId);

/**
 * `total` over the lines in proportion to `amounts`, each share rounded down, the minor units
 * left over to the largest line (then the next largest, should one be used up), the first of
 * equals first. `total` must not exceed Σ amounts.
 */
export function spread(total: Minor, amounts: readonly Minor[]): Minor[] {
  const whole = sum(amounts);
  if (whole === 0) return amounts.map(() => ZERO);
  const shares = amounts.map((amount) => floorShare(total, amount, whole));
  let left = subtract(total, sum(shares));
  const largestFirst = amounts
    .map((amount, index) => ({ amount, index }))
    .sort((a, b) => b.amount - a.amount || a.index - b.index);
  for (const { amount, index } of largestFirst) {
    if (left === 0) break;
    const more = lowest([left, subtract(amount, shares[index] ?? ZERO)]);
    shares[index] = add(shares[index] ?? ZERO, more);
    left = subtract(left, more);
  }
  return shares;
}

/**
 * The units freed by buy-x-get-y: the eligible units sorted by unit price, dearest first, in
 * groups of buy + get, the get cheapest of each full group free; per line, the freed units'
 * prices (at most what is left of the line).
 */
function freedUnits(
  discount: DiscountRule,
  lines: readonly DiscountLine[],
  left: readonly Minor[],
  eligible: readonly boolean[],
): Minor[] {
  const buy = discount.buy ?? 0;
  const get = discount.get ?? 0;
  const group = buy + get;
  const order = lines
    .map((line, index) => ({ line, index }))
    .filter(({ index }) => eligible[index])
    .sort((a, b) => b.line.unitPrice - a.line.unitPrice || a.index - b.index);
  const units = order.reduce((count, { line }) => count + line.quantity, 0);
  const fullGroups = units - (units % group);
  // Free places among the first `end` places of the sorted units.
  const freeBefore = (end: number) => {
    const upTo = Math.min(end, fullGroups);
    return ((upTo - (upTo % group)) / group) * get + Math.max(0, (upTo % group) - buy);
  };
  const taken = lines.map(() => ZERO);
  let start = 0;
  for (const { line, index } of order) {
    const free = freeBefore(start + line.quantity) - freeBefore(start);
    taken[index] = lowest([times(line.unitPrice, free), left[index] ?? ZERO]);
    start += line.quantity;
  }
  return taken;
}

/** What the discount takes off what is left of the lines and the shipping. */
function take(discount: DiscountRule, lines: readonly DiscountLine[], left: Taken): Taken {
  const eligible = lines.map((line) => isEligible(discount, line));
  const eligibleLeft = left.lines.map((amount, i) => (eligible[i] ? amount : ZERO));
  const none = { lines: lines.map(() => ZERO), shipping: ZERO };
  switch (discount.kind) {
    case 'percentage':
      return {
        ...none,
        lines: eligibleLeft.map((amount) => percentOf(amount, discount.percentOff ?? 0)),
      };
    case 'fixed':
      return {
        ...none,
        lines: spread(lowest([discount.amountOff ?? ZERO, sum(eligibleLeft)]), eligibleLeft),
      };
    case 'buy-x-get-y':
      return { ...none, lines: freedUnits(discount, lines, left.lines, eligible) };
    case 'free-shipping':
      return { ...none, shipping: left.shipping };
  }
}

const label = (discount: DiscountRule) => discount.code ?? discount.title;

/** The refusals a redemption can also meet, said the same way wherever they are found. */
export const usedUp = (name: string) => `${name} has been used up`;
const usedByShopper = (name: string) => `You have used ${name} as many times as it allows`;
/** Every per-customer refusal of a shopper whose e-mail is not verified, whatever failed. */
export const notEligible = (name: string) => `You are not eligible for ${name}`;

/** Whether the discount has conditions on who uses it (first orders, uses per customer). */
export const limitedPerCustomer = (
  discount: Pick<DiscountRule, 'firstOrderOnly' | 'perCustomerLimit'>,
) => discount.firstOrderOnly || discount.perCustomerLimit !== null;

/**
 * How many times one person may use the discount, or null without a limit: a first-order
 * discount once (a second order is no first), so that two first orders at once get one use.
 */
export const personalLimitOf = (
  discount: Pick<DiscountRule, 'firstOrderOnly' | 'perCustomerLimit'>,
): number | null => (discount.firstOrderOnly ? 1 : discount.perCustomerLimit);

/** Why the shopper may not use the discount by its per-customer conditions, or null. */
function whyNotForShopper(discount: DiscountRule, shopper: ShopperFacts, name: string) {
  const ordered = discount.firstOrderOnly && shopper.ordersSoFar > 0;
  const limit = discount.perCustomerLimit;
  const usedUpByThem = limit !== null && (shopper.uses.get(discount._id) ?? 0) >= limit;
  if (!ordered && !usedUpByThem) return null;
  if (!shopper.verified) return notEligible(name);
  return ordered ? `${name} is for first orders` : usedByShopper(name);
}

/** Why the discount cannot apply to this cart and shopper, or null when it can. */
function whyNot(discount: DiscountRule, cart: CartToDiscount): string | null {
  const name = label(discount);
  if (!discount.active) return `${name} is not a valid code`;
  if (discount.startsAt && discount.startsAt > cart.now) return `${name} has not started yet`;
  if (discount.endsAt && discount.endsAt <= cart.now) return `${name} has ended`;
  if (discount.usesLeft !== null && discount.usesLeft <= 0) return usedUp(name);
  const forShopper = cart.shopper && whyNotForShopper(discount, cart.shopper, name);
  if (forShopper) return forShopper;
  const eligible = cart.lines.filter((line) => isEligible(discount, line));
  if (eligible.length === 0) return `${name} does not apply to anything in your cart`;
  const eligibleTotal = sum(eligible.map((line) => times(line.unitPrice, line.quantity)));
  if (discount.minSubtotal !== null && eligibleTotal < discount.minSubtotal) {
    return `Add ${cart.formatAmount(subtract(discount.minSubtotal, eligibleTotal))} more to use ${name}`;
  }
  return null;
}

const oldestFirst = (a: DiscountRule, b: DiscountRule) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a._id.localeCompare(b._id);

/**
 * The discounts of the cart: of the applicable ones that are not combinable, the one saving
 * the most (ties: the asked code, then the oldest); then every applicable combinable one, on
 * what is left, automatic ones before the code, oldest first.
 */
export function applyDiscounts(cart: CartToDiscount): DiscountOutcome {
  const { lines, askedCode } = cart;
  const full: Taken = {
    lines: lines.map((line) => times(line.unitPrice, line.quantity)),
    shipping: cart.shipping,
  };
  const asked = askedCode === null ? undefined : cart.candidates.find((d) => d.code === askedCode);
  const applicable = cart.candidates.filter(
    (discount) => (discount.automatic || discount === asked) && whyNot(discount, cart) === null,
  );
  const saving = (discount: DiscountRule) => {
    const taken = take(discount, lines, full);
    return add(sum(taken.lines), taken.shipping);
  };
  const [best] = applicable
    .filter((discount) => !discount.combinable)
    .map((discount) => ({ discount, saving: saving(discount) }))
    .sort(
      (a, b) =>
        b.saving - a.saving ||
        Number(b.discount === asked) - Number(a.discount === asked) ||
        oldestFirst(a.discount, b.discount),
    );
  const combinable = applicable
    .filter((discount) => discount.combinable)
    .sort((a, b) => Number(b.automatic) - Number(a.automatic) || oldestFirst(a, b));
  const inTurn = best ? [best.discount, ...combinable] : combinable;
  const refusal = refusalOf(askedCode, asked, best?.discount, cart);

  const left: Taken = { lines: [...full.lines], shipping: full.shipping };
  const applied = inTurn.map((discount) => {
    const taken = take(discount, lines, left);
    left.lines = left.lines.map((amount, i) => subtract(amount, taken.lines[i] ?? ZERO));
    left.shipping = subtract(left.shipping, taken.shipping);
    return { discount, amount: add(sum(taken.lines), taken.shipping) };
  });
  return {
    lineDiscounts: full.lines.map((amount, i) => subtract(amount, left.lines[i] ?? ZERO)),
    shippingDiscount: subtract(full.shipping, left.shipping),
    applied,
    refusal,
    notice:
      asked && refusal === null && !cart.shopper?.complete && limitedPerCustomer(asked)
        ? `${label(asked)} applies at checkout if eligible`
        : null,
  };
}

function refusalOf(
  askedCode: string | null,
  asked: DiscountRule | undefined,
  best: DiscountRule | undefined,
  cart: CartToDiscount,
): string | null {
  if (askedCode === null) return null;
  if (!asked) return `${askedCode} is not a valid code`;
  const why = whyNot(asked, cart);
  if (why) return why;
  if (!asked.combinable && best && best !== asked) {
    return `${askedCode} cannot be combined with ${label(best)}, which saves you more`;
  }
  return null;
}
