/**
 * Money, in one place for both apps. Without zod, so the web's entry chunk can import it.
 *
 * Inside the shop every amount is an integer of the currency's minor unit (1999 cents, ¥1500);
 * the API's JSON writes major units (19.99, 1500) as the spec does. These functions are the only
 * conversion between the two, and they take the currency: a yen has no cents, a dinar has
 * thousandths, so "× 100" is right only for some. Which currencies the shop may charge, and how
 * many decimals each has, follows the payment provider (Stripe), so that the amount shown is
 * the amount charged.
 */

/** Currencies Stripe charges in minor units equal to the major unit (Stripe's zero-decimal list). */
const ZERO_DECIMAL = new Set([
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
]);

/** Currencies Stripe counts in thousandths. */
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/**
 * Every currency Stripe charges cards in (its list of supported presentment currencies). ISK
 * is left out: Stripe counts it in hundredths that must come in whole krónur, which no price
 * with decimals could keep.
 */
const CHARGEABLE = new Set([
  ...ZERO_DECIMAL,
  ...THREE_DECIMAL,
  ...`usd aed afn all amd ang aoa ars aud awg azn bam bbd bdt bgn bmd bnd bob brl bsd bwp byn bzd
  cad cdf chf cny cop crc cve czk dkk dop dzd egp etb eur fjd fkp gbp gel gip gmd gtq gyd hkd hnl
  htg huf idr ils inr jmd kes kgs khr kyd kzt lak lbp lkr lrd lsl mad mdl mkd mmk mnt mop mur mvr
  mwk mxn myr mzn nad ngn nio nok npr nzd pab pen pgk php pkr pln qar ron rsd rub sar sbd scr sek
  sgd shp sle sos srd std szl thb tjs top try ttd twd tzs uah uyu uzs wst xcd yer zar zmw`.split(
    /\s+/,
  ),
]);

/** Whether the shop can price and charge in this ISO 4217 code (any case). */
export const isChargeableCurrency = (currency: string): boolean =>
  CHARGEABLE.has(currency.toLowerCase());

/** Every currency the shop can charge, lowercase, in alphabetical order (for the admin's list). */
export const chargeableCurrencies = (): string[] => [...CHARGEABLE].sort();

/** How many decimals the currency's amounts have: 0 (jpy), 2 (usd) or 3 (kwd). */
export function currencyDigits(currency: string): 0 | 2 | 3 {
  const code = currency.toLowerCase();
  if (!CHARGEABLE.has(code)) throw new RangeError(`Not a currency the shop charges: ${currency}`);
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}

/**
 * A major-unit amount in the currency's minor units, rounded half away from zero to the
 * nearest one. Reading the decimal text (`1.005` rather than its binary 1.00499…) rounds the
 * way the amount was written.
 */
export function toMinorUnits(major: number, currency: string): number {
  if (!Number.isFinite(major)) throw new RangeError(`Not an amount of money: ${major}`);
  const digits = currencyDigits(currency);
  const [mantissa = '0', exponent = '0'] = Math.abs(major).toExponential().split('e');
  const minor = Math.round(Number(`${mantissa}e${Number(exponent) + digits}`));
  return major < 0 ? -minor : minor;
}

/** Minor units back to major units (1999 usd → 19.99, 1500 jpy → 1500), read as decimal text. */
export function toMajorUnits(minor: number, currency: string): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not an amount of minor units: ${minor}`);
  return Number(`${minor}e-${currencyDigits(currency)}`);
}

/** What `lines` cost in minor units: each unit price in minor units, times its units. */
export const totalMinorUnits = (
  lines: readonly { price: number; quantity?: number | undefined }[],
  currency: string,
): number =>
  lines.reduce((sum, line) => sum + toMinorUnits(line.price, currency) * (line.quantity ?? 1), 0);

/** The same total in major units, summed in minor units so no float error creeps in. */
export const totalMajorUnits = (
  lines: readonly { price: number; quantity?: number | undefined }[],
  currency: string,
): number => toMajorUnits(totalMinorUnits(lines, currency), currency);

/**
 * The one way money is written for a person, on every screen, e-mail, export and chart: the
 * currency's sign and exactly its decimals (¥1,500, $19.99, KWD 1.250), as `Intl.NumberFormat`
 * writes it in en-US. The formatters are kept, one per currency, since making one costs far
 * more than using it.
 */
const formatters = new Map<string, (major: number) => string>();
const intlFormatters = new Map<string, Intl.NumberFormat>();

/** The runtime's formatter of a (lowercase) currency, made once. */
function intlFormatterOf(code: string): Intl.NumberFormat {
  let intl = intlFormatters.get(code);
  if (!intl) {
    const digits = currencyDigits(code);
    intl = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    intlFormatters.set(code, intl);
  }
  return intl;
}

function formatterOf(currency: string): (major: number) => string {
  const code = currency.toLowerCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    const intl = intlFormatterOf(code);
    formatter = (major) => intl.format(major);
    formatters.set(code, formatter);
  }
  return formatter;
}

/**
 * How en-US writes a currency's amounts, taken from `Intl.NumberFormat`'s parts: what comes
 * before and after the digits of a positive and of a negative amount, and the group and decimal
 * signs (its groups are always of three). A browser's first `Intl` use loads its locale data,
 * 100 ms and more of a phone's main thread: a page the server rendered carries its store
 * currency's format, so that the browser writes the same figures without `Intl`
 * (`adoptMoneyFormat`).
 */
export interface MoneyFormat {
  currency: string;
  positive: { before: string; after: string };
  negative: { before: string; after: string };
  group: string;
  decimal: string;
}

/** A sample with every part: a sign, groups and decimals (rounded away for a yen). */
const SAMPLE = 1_234_567.5;

function affixesOf(parts: readonly Intl.NumberFormatPart[]) {
  const digits = parts
    .map((part, at) => ({ type: part.type, at }))
    .filter(({ type }) => type === 'integer' || type === 'fraction');
  const first = digits[0]?.at ?? 0;
  const last = digits.at(-1)?.at ?? parts.length - 1;
  const text = (from: number, to: number) =>
    parts
      .slice(from, to)
      .map((part) => part.value)
      .join('');
  return { before: text(0, first), after: text(last + 1, parts.length) };
}

/** The currency's format as the runtime's `Intl` writes it; null if its groups are not of three. */
export function moneyFormatOf(currency: string): MoneyFormat | null {
  const code = currency.toLowerCase();
  const intl = intlFormatterOf(code);
  const parts = intl.formatToParts(SAMPLE);
  const integers = parts.filter((part) => part.type === 'integer').map((part) => part.value);
  if (integers.join(' ') !== '1 234 567' && integers.join(' ') !== '1 234 568') return null;
  const format: MoneyFormat = {
    currency: code,
    positive: affixesOf(parts),
    negative: affixesOf(intl.formatToParts(-SAMPLE)),
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
  // Kept only if it writes the sample as Intl does, both signs.
  const written = writerOf(format, intl);
  return written(SAMPLE) === intl.format(SAMPLE) && written(-SAMPLE) === intl.format(-SAMPLE)
    ? format
    : null;
}

/** Writes amounts with `format`; what it cannot write exactly (NaN, beyond 2^53 minor units) by `intl`. */
function writerOf(format: MoneyFormat, fallback: { format(major: number): string }) {
  const digits = currencyDigits(format.currency);
  return (major: number): string => {
    if (!Number.isFinite(major)) return fallback.format(major);
    const minor = toMinorUnits(major, format.currency);
    if (!Number.isSafeInteger(minor)) return fallback.format(major);
    // Intl writes a negative amount that rounds to nothing with its sign (-$0.00), and -0 too.
    const { before, after } = major < 0 || Object.is(major, -0) ? format.negative : format.positive;
    const text = String(Math.abs(minor)).padStart(digits + 1, '0');
    const whole = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+$)/g, format.group);
    const fraction = digits > 0 ? `${format.decimal}${text.slice(-digits)}` : '';
    return `${before}${whole}${fraction}${after}`;
  };
}

/**
 * Writes the currency's amounts with `format` from now on, without `Intl` (which it still
 * writes the rare amount the format cannot with). A format that is no object of this shape, or
 * of a currency the shop does not charge, is ignored.
 */
export function adoptMoneyFormat(format: unknown): void {
  if (!isMoneyFormat(format)) return;
  const code = format.currency.toLowerCase();
  // Intl is made only if an amount needs it.
  const fallback = { format: (major: number) => intlFormatterOf(code).format(major) };
  formatters.set(code, writerOf({ ...format, currency: code }, fallback));
}

const isAffixes = (value: unknown): value is { before: string; after: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { before?: unknown }).before === 'string' &&
  typeof (value as { after?: unknown }).after === 'string';

function isMoneyFormat(value: unknown): value is MoneyFormat {
  if (typeof value !== 'object' || value === null) return false;
  const format = value as Partial<Record<keyof MoneyFormat, unknown>>;
  return (
    typeof format.currency === 'string' &&
    isChargeableCurrency(format.currency) &&
    isAffixes(format.positive) &&
    isAffixes(format.negative) &&
    typeof format.group === 'string' &&
    typeof format.decimal === 'string'
  );
}

/** A major-unit amount (as the API writes it) for a person to read. */
export const formatMoney = (major: number, currency: string): string =>
  formatterOf(currency)(major);

/** A minor-unit amount (a payment's, a sales figure's) for a person to read. */
export const formatMinorUnits = (minor: number, currency: string): string =>
  formatMoney(toMajorUnits(minor, currency), currency);

/** A major-unit amount as a plain decimal text with the currency's decimals ('24.50', '1500'). */
export const decimalText = (major: number, currency: string): string =>
  major.toFixed(currencyDigits(currency));
