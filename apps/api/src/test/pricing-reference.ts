import { formatMinorUnits } from '@shop/contracts';
import type { RandomCart, RandomDiscount, RandomLine } from './random-carts.js';

/**
 * The pricing rule written a second time, apart from features/checkout/pricing and
 * features/discounts/apply.ts, as plainly as issue 27 and docs/features/discounts.md state it,
 * for the tests to compare against: every amount a BigInt, rounding by adding half the divisor
 * to a non-negative dividend, tiers looked up by a loop, free units counted one by one, the
 * leftover of a spread handed out one minor unit at a time, totals summed line by line.
 */

/** round(a / b) half away from zero, for a ≥ 0 and b > 0. */
const roundHalfUp = (a: bigint, b: bigint) => (2n * a + b) / (2n * b);

const sumOf = (amounts: readonly bigint[]) => amounts.reduce((total, amount) => total + amount, 0n);

interface Split {
  net: bigint;
  tax: bigint;
  gross: bigint;
}

function taxed(amount: bigint, bp: bigint, inclusive: boolean): Split {
  if (inclusive) {
    const tax = amount - roundHalfUp(amount * 10000n, 10000n + bp);
    return { net: amount - tax, tax, gross: amount };
  }
  const tax = roundHalfUp(amount * bp, 10000n);
  return { net: amount, tax, gross: amount + tax };
}

/** Each line's goods as entered, and the shipping charge: what a discount takes from. */
interface Goods {
  lines: bigint[];
  shipping: bigint;
}

const savingOf = (taken: Goods) => sumOf(taken.lines) + taken.shipping;

const nameOf = (discount: RandomDiscount) => discount.code ?? discount.title;

const isEligible = (discount: RandomDiscount, line: RandomLine) =>
  (discount.products.length === 0 && discount.categories.length === 0) ||
  discount.products.includes(line.productId) ||
  discount.categories.includes(line.categoryId);

/** Why the discount cannot apply to the cart, in the order of the doc's table; null when it can. */
function whyNot(discount: RandomDiscount, cart: RandomCart, goods: readonly bigint[]) {
  const name = nameOf(discount);
  const now = cart.now.getTime();
  if (!discount.active) return `${name} is not a valid code`;
  if (discount.startsAt && now < discount.startsAt.getTime()) return `${name} has not started yet`;
  if (discount.endsAt && now >= discount.endsAt.getTime()) return `${name} has ended`;
  if (discount.usesLeft !== null && discount.usesLeft <= 0) return `${name} has been used up`;
  if (cart.shopper) {
    if (discount.firstOrderOnly && cart.shopper.ordersSoFar > 0) {
      return `${name} is for first orders`;
    }
    const used = cart.shopper.uses[discount._id] ?? 0;
    if (discount.perCustomerLimit !== null && used >= discount.perCustomerLimit) {
      return `You have used ${name} as many times as it allows`;
    }
  }
  let eligibleLines = 0;
  let eligibleGoods = 0n;
  for (const [i, line] of cart.lines.entries()) {
    if (isEligible(discount, line)) {
      eligibleLines += 1;
      eligibleGoods += goods[i] ?? 0n;
    }
  }
  if (eligibleLines === 0) return `${name} does not apply to anything in your cart`;
  if (discount.minSubtotal !== null && eligibleGoods < BigInt(discount.minSubtotal)) {
    const missing = Number(BigInt(discount.minSubtotal) - eligibleGoods);
    return `Add ${formatMinorUnits(missing, cart.currency)} more to use ${name}`;
  }
  return null;
}

/**
 * `total` over `amounts` in proportion, each share rounded down; then the minor units left over,
 * one at a time, to the largest amount that can still take one (the first of equals).
 */
function spreadInProportion(total: bigint, amounts: readonly bigint[]): bigint[] {
  const whole = sumOf(amounts);
  if (whole === 0n) return amounts.map(() => 0n);
  const shares = amounts.map((amount) => (total * amount) / whole);
  for (let left = total - sumOf(shares); left > 0n; left -= 1n) {
    let largest = -1;
    for (const [i, amount] of amounts.entries()) {
      const canTakeMore = (shares[i] ?? 0n) < amount;
      if (canTakeMore && (largest === -1 || amount > (amounts[largest] ?? 0n))) largest = i;
    }
    shares[largest] = (shares[largest] ?? 0n) + 1n;
  }
  return shares;
}

/**
 * Buy x get y: the eligible units one by one, dearest first (equal prices in the cart's order),
 * cut into groups of x + y; in each full group the last y, its cheapest, are free. Each line
 * loses its free units' prices, at most what is left of it.
 */
function freeUnits(discount: RandomDiscount, cart: RandomCart, left: readonly bigint[]) {
  const get = discount.get ?? 0;
  const group = (discount.buy ?? 0) + get;
  const eligible = cart.lines
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => isEligible(discount, line))
    .sort((a, b) => b.line.unitPrice - a.line.unitPrice);
  const unitsDearestFirst: RandomLine[] = [];
  const lineOfUnit: number[] = [];
  for (const { line, index } of eligible) {
    for (let unit = 0; unit < line.quantity; unit += 1) {
      unitsDearestFirst.push(line);
      lineOfUnit.push(index);
    }
  }
  const free = cart.lines.map(() => 0n);
  const fullGroups = Math.floor(unitsDearestFirst.length / group);
  for (let g = 0; g < fullGroups; g += 1) {
    for (let place = group - get; place < group; place += 1) {
      const index = lineOfUnit[g * group + place] ?? 0;
      free[index] =
        (free[index] ?? 0n) + BigInt(unitsDearestFirst[g * group + place]?.unitPrice ?? 0);
    }
  }
  return free.map((amount, i) => (amount < (left[i] ?? 0n) ? amount : (left[i] ?? 0n)));
}

/** What the discount takes off what is `left` of the lines and the shipping. */
function takeOff(discount: RandomDiscount, cart: RandomCart, left: Goods): Goods {
  const nothing = cart.lines.map(() => 0n);
  const eligibleLeft = left.lines.map((amount, i) => {
    const line = cart.lines[i];
    return line && isEligible(discount, line) ? amount : 0n;
  });
  switch (discount.kind) {
    case 'percentage': {
      const percent = BigInt(discount.percentOff ?? 0);
      return {
        lines: eligibleLeft.map((amount) => roundHalfUp(amount * percent, 100n)),
        shipping: 0n,
      };
    }
    case 'fixed': {
      const value = BigInt(discount.amountOff ?? 0);
      const available = sumOf(eligibleLeft);
      const total = value < available ? value : available;
      return { lines: spreadInProportion(total, eligibleLeft), shipping: 0n };
    }
    case 'buy-x-get-y':
      return { lines: freeUnits(discount, cart, left.lines), shipping: 0n };
    case 'free-shipping':
      return { lines: nothing, shipping: left.shipping };
  }
}

export interface ExpectedDiscount {
  _id: string;
  code: string | null;
  title: string;
  amount: number;
}

/**
 * The discounts the cart gets, in the order they come off: of the applicable non-combinable ones
 * the one saving the most alone on the whole cart (ties: the asked code, then the oldest); then
 * each applicable combinable one on what is left, automatic ones before the code, oldest first.
 * And why the asked code does not apply, if it does not.
 */
function discountsOf(cart: RandomCart, whole: Goods) {
  const typed = cart.askedCode?.trim().toUpperCase() || null;
  const asked = typed === null ? undefined : cart.discounts.find((d) => d.code === typed);
  const applicable = cart.discounts.filter(
    (d) => ((d.automatic && d.active) || d === asked) && whyNot(d, cart, whole.lines) === null,
  );
  const isOlder = (a: RandomDiscount, b: RandomDiscount) =>
    a.createdAt.getTime() < b.createdAt.getTime();

  let best: RandomDiscount | undefined;
  let bestSaving = 0n;
  for (const discount of applicable.filter((d) => !d.combinable)) {
    const saving = savingOf(takeOff(discount, cart, whole));
    const winsTie =
      best !== undefined &&
      saving === bestSaving &&
      best !== asked &&
      (discount === asked || isOlder(discount, best));
    if (best === undefined || saving > bestSaving || winsTie) {
      best = discount;
      bestSaving = saving;
    }
  }
  const automaticFirst = (d: RandomDiscount) => (d.automatic ? 0 : 1);
  const stacked = applicable
    .filter((d) => d.combinable)
    .sort(
      (a, b) =>
        automaticFirst(a) - automaticFirst(b) || a.createdAt.getTime() - b.createdAt.getTime(),
    );

  const left: Goods = { lines: [...whole.lines], shipping: whole.shipping };
  const applied: ExpectedDiscount[] = [];
  for (const discount of best ? [best, ...stacked] : stacked) {
    const taken = takeOff(discount, cart, left);
    left.lines = left.lines.map((amount, i) => amount - (taken.lines[i] ?? 0n));
    left.shipping -= taken.shipping;
    const { _id, code, title } = discount;
    applied.push({ _id, code, title, amount: Number(savingOf(taken)) });
  }

  let refusal: string | null = null;
  if (typed !== null && !asked) refusal = `${typed} is not a valid code`;
  if (asked) refusal = whyNot(asked, cart, whole.lines);
  if (asked && !refusal && best && best !== asked && !asked.combinable) {
    refusal = `${typed} cannot be combined with ${nameOf(best)}, which saves you more`;
  }
  // A code that limits who uses it, asked for by nobody the quote knows, is judged when paying.
  let notice: string | null = null;
  if (asked && !refusal && !cart.shopper) {
    if (asked.firstOrderOnly || asked.perCustomerLimit !== null) {
      notice = `${nameOf(asked)} applies at checkout if eligible`;
    }
  }
  return { left, applied, refusal, notice };
}

type Figures = { net: number; tax: number; gross: number; discount: number };

export interface ExpectedPrice {
  /** After their discounts; `discount` is what came off, as entered. */
  lines: Figures[];
  /** The goods as entered, before discounts. */
  subtotal: number;
  /** Methods offered, by id, with their price as entered. */
  offered: Record<string, number>;
  shipping: ({ methodId: string } & Figures) | null;
  discounts: ExpectedDiscount[];
  refusal: string | null;
  notice: string | null;
  tax: number;
  total: number;
}

export function expectedPrice(cart: RandomCart): ExpectedPrice {
  const inclusive = cart.pricesIncludeTax;
  const goods = cart.lines.map((line) => BigInt(line.unitPrice) * BigInt(line.quantity));
  let subtotal = 0n;
  let weight = 0;
  for (const [i, line] of cart.lines.entries()) {
    subtotal += goods[i] ?? 0n;
    weight += line.weightGrams * line.quantity;
  }
  const offered: Record<string, number> = {};
  for (const method of cart.methods) {
    let price: number | undefined;
    const rate = method.rate;
    if (rate.kind === 'flat') price = rate.price;
    if (rate.kind === 'pickup') price = 0;
    if (rate.kind === 'weight') {
      for (const tier of rate.tiers) {
        if (weight <= tier.upToGrams) {
          price = tier.price;
          break;
        }
      }
    }
    if (rate.kind === 'subtotal') {
      for (const tier of rate.tiers) {
        if (subtotal <= BigInt(tier.upTo)) {
          price = tier.price;
          break;
        }
      }
    }
    if (price === undefined) continue;
    if (method.freeOver !== null && subtotal >= BigInt(method.freeOver)) price = 0;
    offered[method._id] = price;
  }
  const chosenPrice = cart.chosenMethodId === null ? undefined : offered[cart.chosenMethodId];
  const charge = BigInt(chosenPrice ?? 0);
  const { left, applied, refusal, notice } = discountsOf(cart, {
    lines: goods,
    shipping: charge,
  });

  const lines = cart.lines.map((line, i) => ({
    ...taxed(left.lines[i] ?? 0n, BigInt(cart.bpOf[line.taxClass]), inclusive),
    discount: (goods[i] ?? 0n) - (left.lines[i] ?? 0n),
  }));
  const shipping =
    chosenPrice === undefined || cart.chosenMethodId === null
      ? null
      : {
          methodId: cart.chosenMethodId,
          ...taxed(left.shipping, BigInt(cart.bpOf[cart.shippingClass]), inclusive),
          discount: charge - left.shipping,
        };
  let tax = shipping?.tax ?? 0n;
  let total = shipping?.gross ?? 0n;
  for (const line of lines) {
    tax += line.tax;
    total += line.gross;
  }
  const n = (value: bigint) => Number(value);
  const figures = ({ net, tax, gross, discount }: Split & { discount: bigint }) => ({
    net: n(net),
    tax: n(tax),
    gross: n(gross),
    discount: n(discount),
  });
  return {
    lines: lines.map(figures),
    subtotal: n(subtotal),
    offered,
    shipping: shipping && { methodId: shipping.methodId, ...figures(shipping) },
    discounts: applied,
    refusal,
    notice,
    tax: n(tax),
    total: n(total),
  };
}
