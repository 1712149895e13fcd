import {
  isInPriceRange,
  PRICE_BANDS,
  type PriceBand,
  type Product,
  SEARCH_RATINGS,
} from '@shop/contracts';

/**
 * What search's facets read of a product, worked out once per version of it, as numbers, so a
 * search counts a product with a few array increments and no map, set or string per product.
 * Categories, options and option values are numbered once for the life of the process (a
 * shop has a few dozen categories and a few hundred option values: sizes, colours,
 * materials), so counts are kept in arrays indexed by them.
 */
export interface FacetKeys {
  /** Its category's number (see categoryNumberOf), kept even when that category is gone. */
  categoryNumber: number;
  /** The price bands one of its variants' prices is in: bit `i` for PRICE_BANDS[i]. */
  priceBandBits: number;
  /** Its options' values, each once, by number (see optionValueOf). */
  optionValues: number[];
  /** The ratings it is rated at least: bit `i` for SEARCH_RATINGS[i]. */
  ratingBits: number;
  /** Whether it has units to sell. */
  inStock: boolean;
}

/** An option's value as search's facets count it, with its option's number (see optionNumberOf). */
export interface OptionValue {
  name: string;
  value: string;
  option: number;
}

const categoryNumbers = new Map<string, number>();
const optionNumbers = new Map<string, number>();
const optionValues: OptionValue[] = [];
const optionValueNumbers = new Map<string, number>();

function numberIn(numbers: Map<string, number>, key: string): number {
  let number = numbers.get(key);
  if (number === undefined) {
    number = numbers.size;
    numbers.set(key, number);
  }
  return number;
}

function optionValueNumber(name: string, value: string): number {
  const key = JSON.stringify([name, value]);
  let number = optionValueNumbers.get(key);
  if (number === undefined) {
    number = optionValues.length;
    optionValues.push({ name, value, option: numberIn(optionNumbers, name) });
    optionValueNumbers.set(key, number);
  }
  return number;
}

/** The number of a category, if a product has been in it (search's filters look it up). */
export const categoryNumberOf = (categoryId: string) => categoryNumbers.get(categoryId);
/** How many categories are numbered so far: every entry's is below. */
export const categoryCount = () => categoryNumbers.size;

/** The number of an option, by its name, if a product has had it. */
export const optionNumberOf = (name: string) => optionNumbers.get(name);

/** The number of an option's value, if any product has had it (search's filters look it up). */
export const optionValueNumberOf = (name: string, value: string) =>
  optionValueNumbers.get(JSON.stringify([name, value]));

/** The option value of this number (see FacetKeys.optionValues). */
export const optionValueOf = (number: number) => optionValues[number] as OptionValue;
/** How many option values are numbered so far: every entry's are below. */
export const optionValueCount = () => optionValues.length;

/** Bit `i` set for each item of `list` that `has` says the product has. */
function bitsOf<T>(list: readonly T[], has: (item: T) => boolean): number {
  let bits = 0;
  for (const [i, item] of list.entries()) if (has(item)) bits |= 1 << i;
  return bits;
}

export const facetKeysOf = (product: Product, categoryId: string): FacetKeys => ({
  categoryNumber: numberIn(categoryNumbers, categoryId),
  priceBandBits: bitsOf(PRICE_BANDS, (band: PriceBand) =>
    product.variants.some((v) => isInPriceRange(v.price, band.array)),
  ),
  optionValues: [
    ...new Set(
      product.options.flatMap(({ name, values }) =>
        values.map((value) => optionValueNumber(name, value)),
      ),
    ),
  ],
  ratingBits: bitsOf(SEARCH_RATINGS, (atLeast) => product.rating.average >= atLeast),
  inStock: product.quantity > 0,
});
