/**
 * A formatter made on first use: each costs milliseconds to build, and the first screen
 * needs only the rupees one.
 */
const once = <T>(make: () => T) => {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
};

const rupees = once(() => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }));
const dollars = once(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const relative = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

/** Product cards show prices with the rupee sign (spec §1). */
export const formatRupees = (price: number) => rupees().format(price);

/** The cart total is shown in US dollars (spec §1, kept as is). */
export const formatDollars = (amount: number) => dollars().format(amount);

/** The first `length` characters followed by '...', as the description previews of spec §9. */
export const preview = (text: string, length: number) => `${text.substring(0, length)}...`;

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "2 days ago", "yesterday", "now": the order date as a person reads it. */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return relative().format(Math.round(seconds / size), unit);
    }
  }
  return '';
}
