import { z } from './zod.js';

/** A [low, high] price pair, in major units. */
export const priceRangeSchema = z
  .tuple([z.number().min(0), z.number().min(0)], { error: 'radio must be a [low, high] pair' })
  .refine(([low, high]) => low <= high, 'radio: low must not be above high');
export type PriceRange = z.infer<typeof priceRangeSchema>;

export const priceBandSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  array: priceRangeSchema,
});
export type PriceBand = z.infer<typeof priceBandSchema>;

/** The six price bands of the home page filter; the last one is open-ended (up to 9999). */
export const PRICE_BANDS: readonly PriceBand[] = [
  { _id: 0, name: '$0 to 19', array: [0, 19] },
  { _id: 1, name: '$20 to 39', array: [20, 39] },
  { _id: 2, name: '$40 to 59', array: [40, 59] },
  { _id: 3, name: '$60 to 79', array: [60, 79] },
  { _id: 4, name: '$80 to 99', array: [80, 99] },
  { _id: 5, name: '$100 or more', array: [100, 9999] },
];

export const findPriceBand = (id: number): PriceBand | undefined =>
  PRICE_BANDS.find((band) => band._id === id);

/** The upper bound of the top band; that band reads '$100 or more', so it has no real ceiling. */
const TOP_BAND_HIGH = 9999;

/**
 * The prices a range admits: from `min` up to, not including, `below` (no ceiling when `below`
 * is undefined). Bands are labelled in whole units ('$0 to 19'), so a band reaches up to the
 * next whole unit: 19.99 belongs to '$0 to 19', and no price falls between two neighbouring
 * bands. The top band ('$100 or more') also holds prices above 9999.
 */
export const priceRangeLimits = ([low, high]: PriceRange): { min: number; below?: number } =>
  high >= TOP_BAND_HIGH ? { min: low } : { min: low, below: Math.floor(high) + 1 };

/** Whether a price falls inside a range, by the rule of `priceRangeLimits`. */
export const isInPriceRange = (price: number, range: PriceRange): boolean => {
  const { min, below } = priceRangeLimits(range);
  return price >= min && (below === undefined || price < below);
};
