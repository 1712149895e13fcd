import { MAX_SHIPPING_AMOUNT } from '@shop/contracts/shipping';

/**
 * The demo shop's amounts are written in US dollars (catalogue.ts, shipping-and-taxes.ts) and
 * seeded in the currency the shop starts in, so that they look like that currency's prices:
 * multiplied by a fixed rate, roughly what a dollar bought in 2024 and rounded, then rounded to
 * two significant figures ($9.50 is ¥1,400, €8.60 and KWD 2.900; $4.99 is ¥750, €4.50 and
 * KWD 1.500). Demo prices, not a conversion to rely on: a running shop is never converted.
 * Every currency without two decimals is named; any other keeps the dollar's figures.
 */
const PER_DOLLAR: Readonly<Record<string, number>> = {
  // No decimals: whole units.
  bif: 2900,
  clp: 950,
  djf: 180,
  gnf: 8600,
  jpy: 150,
  kmf: 450,
  krw: 1400,
  mga: 4500,
  pyg: 7500,
  rwf: 1300,
  ugx: 3700,
  vnd: 25000,
  vuv: 120,
  xaf: 600,
  xof: 600,
  xpf: 110,
  // Three decimals.
  bhd: 0.38,
  jod: 0.71,
  kwd: 0.31,
  omr: 0.38,
  tnd: 3.1,
  // Two decimals, as the dollar has, but worth another number of them.
  aed: 3.7,
  aud: 1.5,
  brl: 5,
  cad: 1.4,
  chf: 0.9,
  cny: 7.2,
  czk: 23,
  dkk: 6.9,
  eur: 0.9,
  gbp: 0.8,
  hkd: 7.8,
  huf: 360,
  idr: 16000,
  ils: 3.7,
  inr: 83,
  mxn: 17,
  nok: 11,
  nzd: 1.6,
  php: 56,
  pln: 4,
  sar: 3.75,
  sek: 11,
  sgd: 1.3,
  thb: 36,
  try: 32,
  twd: 32,
  zar: 18,
};

/** The largest of the demo's amounts in dollars: the rest of the world's last shipping tier. */
const LARGEST_SEED_DOLLARS = 500;

/**
 * The most a dollar is seeded at (2,000 of a currency), so that the largest demo amount stays
 * within what the shop lets an amount be: the figures of a currency a dollar buys more of (vnd,
 * idr) are lower than a conversion would make them, and still whole and round.
 */
const MOST_PER_DOLLAR = MAX_SHIPPING_AMOUNT / LARGEST_SEED_DOLLARS;

/** The demo's amount of `dollars` in `currency`, in its major units (see PER_DOLLAR). */
export function seedAmountsIn(currency: string): (dollars: number) => number {
  const rate = PER_DOLLAR[currency.toLowerCase()];
  if (rate === undefined) return (dollars) => dollars;
  const perDollar = Math.min(rate, MOST_PER_DOLLAR);
  return (dollars) => Number((dollars * perDollar).toPrecision(2));
}
