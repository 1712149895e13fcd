import type { LineToPrice } from '../features/checkout/pricing.js';
import type { ShippingMethod, ShippingRate } from '../features/shipping/index.js';

/**
 * Random carts for the pricing tests, drawn from a seed so that a failure is reproduced by
 * running again with `PRICING_SEED=<the printed seed>`. Amounts are minor units of `currency`.
 */

/** mulberry32: a small, well-known seeded generator; enough to spread test cases. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  /** An integer in [min, max]. */
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)] as T;
  const chance = (p: number) => next() < p;
  return { int, pick, chance };
}
export type Random = ReturnType<typeof seededRandom>;

/**
 * The seed of this run: the environment's, else always the same one, so that CI's run is the
 * same every time (a fresh seed per run made CI red on whatever edge a new seed drew first).
 * `PRICING_SEED=<n>` explores others; a seed that fails is a case to fix and keep.
 */
const CI_SEED = 526268236;
export const pricingSeed = () =>
  process.env.PRICING_SEED ? Number(process.env.PRICING_SEED) : CI_SEED;

export const TAX_CLASSES = ['standard', 'reduced', 'zero', 'luxury'] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];

/** Two-decimal, zero-decimal (yen: ¥1500 is 1500) and three-decimal currencies. */
export const CURRENCIES = ['usd', 'eur', 'jpy', 'kwd'] as const;

export interface RandomLine extends LineToPrice {
  taxClass: TaxClass;
}

export interface RandomCart {
  currency: (typeof CURRENCIES)[number];
  pricesIncludeTax: boolean;
  /** Basis points per class; `zero` is 0. */
  bpOf: Record<TaxClass, number>;
  shippingClass: TaxClass;
  lines: RandomLine[];
  methods: ShippingMethod[];
  chosenMethodId: string | null;
}

/** Ascending bounds with random prices; `n` tiers. */
function tiers(random: Random, n: number, maxBound: number) {
  const bounds = new Set<number>();
  while (bounds.size < n) bounds.add(random.int(1, maxBound));
  return [...bounds].sort((a, b) => a - b).map((bound) => ({ bound, price: random.int(0, 5000) }));
}

function randomRate(random: Random, maxSubtotal: number): ShippingRate {
  const kind = random.pick(['flat', 'weight', 'subtotal', 'pickup'] as const);
  if (kind === 'flat') return { kind, price: random.int(0, 3000) };
  if (kind === 'pickup') return { kind };
  if (kind === 'weight') {
    return {
      kind,
      tiers: tiers(random, random.int(1, 4), 60_000).map(({ bound, price }) => ({
        upToGrams: bound,
        price,
      })),
    };
  }
  return {
    kind,
    tiers: tiers(random, random.int(1, 4), maxSubtotal).map(({ bound, price }) => ({
      upTo: bound,
      price,
    })),
  };
}

const methodId = (n: number) => n.toString(16).padStart(24, '0');

/** What a random shop charges: currency, how prices are entered, rates and shipping methods. */
export type RandomShop = Omit<RandomCart, 'lines' | 'chosenMethodId'> & {
  /** The largest unit price its products have, in minor units. */
  maxPrice: number;
};

export function randomShop(random: Random): RandomShop {
  const maxPrice = random.pick([99, 5_000, 250_000]);
  // Round rates half of the time: they land on exact halves of a minor unit, where rounding shows.
  const rate = (max: number) =>
    random.chance(0.5) ? random.int(0, max) : random.pick([500, 700, 1000, 1900, 2000, 2500]);
  const bpOf: Record<TaxClass, number> = {
    standard: rate(2_700),
    reduced: rate(1_000),
    zero: 0,
    // Up to 9.9999 (999.99%), the largest rate the tax settings take.
    luxury: random.chance(0.5) ? random.int(0, 99_999) : random.int(0, 5_000),
  };
  const methods = Array.from({ length: random.int(0, 4) }, (_, i) => ({
    _id: methodId(i + 1),
    name: `Method ${i + 1}`,
    rate: randomRate(random, maxPrice * 4),
    // At most 1,000,000 major units, the largest the zones take (a yen shop's maxPrice × 4).
    freeOver: random.chance(0.3) ? random.int(0, maxPrice * 4) : null,
    minDays: 1,
    maxDays: random.int(1, 9),
  }));
  return {
    currency: random.pick(CURRENCIES),
    pricesIncludeTax: random.chance(0.5),
    bpOf,
    shippingClass: random.pick(TAX_CLASSES),
    methods,
    maxPrice,
  };
}

/** A random cart of at most `lineCount` lines in `shop`, a method chosen (or, now and then, none). */
export function randomCartIn(random: Random, shop: RandomShop, lineCount = 5): RandomCart {
  const lines = Array.from({ length: random.int(1, lineCount) }, () => {
    const taxClass = random.pick(TAX_CLASSES);
    return {
      unitPrice: random.int(0, shop.maxPrice),
      quantity: random.chance(0.7) ? random.int(1, 3) : random.int(1, 1000),
      weightGrams: random.chance(0.2) ? 0 : random.int(1, 20_000),
      taxClass,
      bp: shop.bpOf[taxClass],
    };
  });
  const chosen = random.chance(0.1) || shop.methods.length === 0 ? null : random.pick(shop.methods);
  const { maxPrice: _, ...settings } = shop;
  return { ...settings, lines, chosenMethodId: chosen?._id ?? null };
}

/** One random cart with a shop of its own. */
export const randomCart = (random: Random, lineCount = 5): RandomCart =>
  randomCartIn(random, randomShop(random), lineCount);
