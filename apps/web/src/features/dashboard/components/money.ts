import { formatMinorUnits } from '@shop/contracts/money';
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
