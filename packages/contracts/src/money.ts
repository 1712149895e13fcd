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
 * currency's sign and exactly its decimals (¥1,500, $19.99, KWD 1.250). The formatters are
 * kept, one per currency, since making one costs far more than using it.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string): Intl.NumberFormat {
  const code = currency.toLowerCase();
  let formatter = formatters.get(code);
  if (!formatter) {
    const digits = currencyDigits(code);
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: code.toUpperCase(),
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(code, formatter);
  }
  return formatter;
}

/** A major-unit amount (as the API writes it) for a person to read. */
export const formatMoney = (major: number, currency: string): string =>
  formatterOf(currency).format(major);

/** A minor-unit amount (a payment's, a sales figure's) for a person to read. */
export const formatMinorUnits = (minor: number, currency: string): string =>
  formatMoney(toMajorUnits(minor, currency), currency);

/** A major-unit amount as a plain decimal text with the currency's decimals ('24.50', '1500'). */
export const decimalText = (major: number, currency: string): string =>
  major.toFixed(currencyDigits(currency));
