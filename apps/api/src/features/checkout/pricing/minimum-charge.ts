import { formatMinorUnits } from '@shop/contracts';
import { type Minor, minor } from '../../../lib/money.js';

/**
 * The smallest amount Stripe charges a card, per currency, in its minor units: Stripe's
 * published table, "Minimum and maximum charge amounts", in its guide to supported currencies
 * (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts), which states them in
 * major units (usd 0.50, gbp 0.30, jpy ¥50, huf 175.00…). A currency it does not list has no
 * minimum here: Stripe then refuses what is worth less than 0.50 usd once converted, which no
 * table can tell ahead.
 */
const STRIPE_MINIMUM_CHARGE: Readonly<Record<string, Minor>> = Object.fromEntries(
  Object.entries({
    usd: 50,
    aed: 200,
    aud: 50,
    bgn: 100,
    brl: 50,
    cad: 50,
    chf: 50,
    czk: 1500,
    dkk: 250,
    eur: 50,
    gbp: 30,
    hkd: 400,
    huf: 17500,
    inr: 50,
    jpy: 50,
    mxn: 1000,
    myr: 200,
    nok: 300,
    nzd: 50,
    pln: 200,
    ron: 200,
    sek: 300,
    sgd: 50,
    thb: 1000,
  }).map(([currency, amount]) => [currency, minor(amount)]),
);

/**
 * Why a total cannot be paid by card: more than nothing, but less than Stripe charges in the
 * currency. Null when it can be paid, and for a total of 0, which is placed without a charge.
 */
export function chargeRefusal(total: Minor, currency: string): string | null {
  const minimum = STRIPE_MINIMUM_CHARGE[currency.toLowerCase()];
  if (minimum === undefined || total === 0 || total >= minimum) return null;
  return `The total must be at least ${formatMinorUnits(minimum, currency)} to pay by card`;
}
