import { once } from './format';

// Apart from the price formats: the product cards load those, and only order lists show dates.
const relative = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));

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
