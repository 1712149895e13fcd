/**
 * A formatter made on first use: each costs milliseconds to build (Chromium loads its locale
 * data for the first one), and the first screen needs none of them.
 */
export const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

const rupees = once(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }));
const dollars = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));

/** Digits grouped the Indian way: the last three, then by twos (12,34,567). */
const groupIndian = (digits: string) => {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
};

/**
 * Product cards show prices with the rupee sign (spec §1), as `Intl.NumberFormat('en-IN',
 * { style: 'currency', currency: 'INR' })` writes them (₹12,34,567.50; format.test.ts holds the
 * two alike). Written out because building that formatter cost the first screen's hydration
 * about 25 ms of a phone's main thread, for a format this small. Rounding is half away from
 * zero on the number's shortest decimal form, as Intl's.
 */
export function formatRupees(price: number): string {
  const size = Math.abs(price);
  // Beyond whole-cent precision (and NaN, ∞) no price goes: Intl writes those.
  if (!(size < 1e13)) return rupees().format(price);
  const cents = Math.round(Number(`${size}e2`));
  const whole = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  const sign = price < 0 || Object.is(price, -0) ? '-' : '';
  return `${sign}₹${groupIndian(String(whole))}.${fraction}`;
}

/** The cart total is shown in US dollars (spec §1, kept as is). */
export const formatDollars = (amount: number) => dollars().format(amount);

/** The first `length` characters followed by '...', as the description previews of spec §9. */
export const preview = (text: string, length: number) => `${text.substring(0, length)}...`;
