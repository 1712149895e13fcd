import { toMajorUnits } from '@shop/contracts/money';
import { formatDollars } from '../../../lib/format';

/** Revenue in minor units, in the US dollar format of the cart total (what was charged). */
export const formatRevenue = (minor: number) => formatDollars(toMajorUnits(minor));

/** `2026-11-25` (a UTC day) as `Nov 25`. */
export const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
