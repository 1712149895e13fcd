/**
 * Money, in one place for both apps. Without zod, so the web's entry chunk can import it.
 *
 * Prices are stored and shown in major units (19.99); card payments count in minor units
 * (1999 cents). The shop prices in two-decimal currencies only: a price has cents, and a
 * currency without them (yen) or with three decimals (dinar) would charge a different amount
 * than the one shown.
 */

/** Currencies whose minor unit is not a hundredth of the major one (Stripe's lists). */
const NOT_TWO_DECIMAL = new Set([
  // zero-decimal
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
  // three-decimal
  'bhd',
  'jod',
  'kwd',
  'omr',
  'tnd',
]);

const MINOR_PER_MAJOR = 100;

/** Whether a three-letter ISO currency code counts a hundred minor units to the major one. */
export const isTwoDecimalCurrency = (currency: string): boolean =>
  /^[a-z]{3}$/i.test(currency) && !NOT_TWO_DECIMAL.has(currency.toLowerCase());

/**
 * A major-unit amount in minor units, rounded half away from zero to the nearest cent.
 * Reading the decimal text (`1.005` rather than its binary 1.00499…) rounds the way the
 * price was written.
 */
export function toMinorUnits(major: number): number {
  if (!Number.isFinite(major)) throw new RangeError(`Not an amount of money: ${major}`);
  const [digits = '0', exponent = '0'] = Math.abs(major).toExponential().split('e');
  const cents = Number(`${digits}e${Number(exponent) + 2}`);
  const rounded = Math.round(cents);
  return major < 0 ? -rounded : rounded;
}

/** Minor units back to major units (1999 → 19.99). */
export const toMajorUnits = (minor: number): number => minor / MINOR_PER_MAJOR;

/** A major-unit amount rounded to the cent (19.999 → 20). */
export const roundToCents = (major: number): number => toMajorUnits(toMinorUnits(major));

/** What `lines` cost in minor units: each unit price rounded to the cent, times its units. */
export const totalMinorUnits = (
  lines: readonly { price: number; quantity?: number | undefined }[],
): number => lines.reduce((sum, line) => sum + toMinorUnits(line.price) * (line.quantity ?? 1), 0);

/** The same total in major units, summed in cents so no float error creeps in. */
export const totalMajorUnits = (
  lines: readonly { price: number; quantity?: number | undefined }[],
): number => toMajorUnits(totalMinorUnits(lines));
