import type { PriceRange } from './values.js';
import { z } from './zod.js';

export {
  findPriceBand,
  PRICE_BANDS,
  type PriceBand,
  type PriceRange,
} from './values.js';

/** A [low, high] price pair, in major units. */
export const priceRangeSchema: z.ZodType<PriceRange> = z
  .tuple([z.number().min(0), z.number().min(0)], { error: 'radio must be a [low, high] pair' })
  .refine(([low, high]) => low <= high, 'radio: low must not be above high');

export const priceBandSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  array: priceRangeSchema,
});

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
