import { toMajorUnits, toMinorUnits } from '@shop/contracts';

/**
 * Money inside the API: an integer of a currency's minor unit (1999 for $19.99, 1500 for ¥1500,
 * 1250 for KWD 1.250), typed `Minor` so that the compiler keeps it apart from a major-unit number
 * (the contract's `price: 19.99`) and from counts. Repositories hand out `Minor` amounts read from
 * the database, use cases compute with the helpers below, and the two edges convert:
 *
 * - a request's major units become `Minor` where a route receives them, in a feature's
 *   `input.ts` (`fromMajor`);
 * - a route's answer gets major units from its feature's `presenter.ts` (`toMajorUnits` of
 *   @shop/contracts/money, which alone knows each currency's decimals), and the web formats them.
 *
 * `apps/api/scripts/check-money.mjs` (in `pnpm lint`) refuses either conversion anywhere else.
 */

declare const minorUnits: unique symbol;

/** An amount in integer minor units of the currency its owner names. */
export type Minor = number & { readonly [minorUnits]: 'Minor' };

/** The amount as `Minor`: refused unless it is a whole number of minor units a float holds exactly. */
export function minor(amount: number): Minor {
  if (!Number.isSafeInteger(amount))
    throw new RangeError(`Not an amount of minor units: ${amount}`);
  return amount as Minor;
}

export const ZERO: Minor = minor(0);

export const add = (a: Minor, b: Minor): Minor => minor(a + b);

export const subtract = (a: Minor, b: Minor): Minor => minor(a - b);

/** The amount `factor` times: a unit price times its units, or a sign (1, -1) times an amount. */
export const times = (amount: Minor, factor: number): Minor => minor(amount * factor);

export const sum = (amounts: readonly Minor[]): Minor =>
  amounts.reduce((total, amount) => add(total, amount), ZERO);

/** The lowest of at least one amount. */
export const lowest = (amounts: readonly Minor[]): Minor => minor(Math.min(...amounts));

/**
 * A request's major-unit amount (19.99) in minor units of `currency`, rounded half away from zero
 * to the nearest one: only a route's input boundary (a feature's `input.ts`) calls it.
 */
export const fromMajor = (major: number, currency: string): Minor =>
  minor(toMinorUnits(major, currency));

/**
 * The same, or null when `currency` cannot hold the amount exactly (4.999 euros): for the inputs
 * that refuse a rounded amount rather than store it.
 */
export function exactlyFromMajor(major: number, currency: string): Minor | null {
  const amount = fromMajor(major, currency);
  return toMajorUnits(amount, currency) === major ? amount : null;
}
