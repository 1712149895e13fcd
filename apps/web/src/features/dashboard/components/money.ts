import { currencyDigits, formatMinorUnits } from '@shop/contracts/money';
import { useStoreCurrency } from '../../../lib/store-settings';

/**
 * Revenue in minor units (what was charged), written in the store currency; empty until it is
 * known.
 */
export function useRevenueFormat(): (minor: number) => string {
  const currency = useStoreCurrency();
  return (minor) => (currency ? formatMinorUnits(minor, currency) : '');
}

/** `2026-11-25` (a UTC day) as `Nov 25`. */
export const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Intervals a money axis is cut into, about. */
const INTERVALS = 4;

/** The round step (1, 2 or 5 × 10ⁿ) nearest above `rough`, at least 1. */
function roundStep(rough: number): number {
  if (rough <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= rough) ?? 10;
  return step * magnitude;
}

/**
 * The ticks of an axis of money up to `maxMinor` (minor units of `currency`): whole units, a
 * round step apart, from 0 to the first past the highest figure ($0, $5, $10, $15, $20 for
 * $16.40; $0, $1 for nothing), so no two ticks are written the same once the cents are left off.
 */
export function moneyTicks(maxMinor: number, currency: string): number[] {
  const unit = 10 ** currencyDigits(currency);
  const highest = Math.max(maxMinor, 0) / unit;
  const step = roundStep(highest / INTERVALS);
  const count = Math.max(1, Math.ceil(highest / step));
  return Array.from({ length: count + 1 }, (_, i) => i * step * unit);
}

/** A tick of `moneyTicks`, a whole amount, written without the minor unit: `$1,000`. */
export const wholeAmount = (minor: number, currency: string) =>
  formatMinorUnits(minor, currency).replace(/\.\d+$/, '');
