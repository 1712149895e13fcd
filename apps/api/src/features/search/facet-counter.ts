import { PRICE_BANDS, SEARCH_RATINGS } from '@shop/contracts';
import {
  type CatalogueEntry,
  categoryCount,
  categoryNumberOf,
  optionValueCount,
  optionValueOf,
} from '../catalogue/index.js';

/**
 * Which filters a product fails, one bit each: the four below, then one per option filter from
 * bit 4 on (the query allows 10), so the facets know in one number whether a product fails
 * none, one (and which) or more.
 */
export const CATEGORY = 1;
export const PRICE = 2;
export const RATING = 4;
export const IN_STOCK = 8;
const FIRST_OPTION_BIT = 4;
export const optionBit = (i: number) => 1 << (FIRST_OPTION_BIT + i);
/** The option filter whose bit is `bit` (one bit set). */
const optionAt = (bit: number) => 31 - Math.clz32(bit) - FIRST_OPTION_BIT;

/** An option filter: its option's number, and its values wanted, marked by their numbers. */
export interface OptionFilter {
  option: number;
  wanted: Uint8Array;
}

/**
 * A search's facet counts as they are made, in arrays indexed by the numbers each entry keeps
 * (catalogue/facet-keys.ts): a product costs a few increments. Price bands and ratings are
 * counted by the set a product is in (its bits), and each band's or rating's count summed from
 * those sets once at the end, so a product costs one increment for each, not one per band.
 */
export class FacetCounter {
  private readonly categories = new Uint32Array(categoryCount());
  private readonly bandSets = new Uint32Array(1 << PRICE_BANDS.length);
  private readonly ratingSets = new Uint32Array(1 << SEARCH_RATINGS.length);
  private readonly optionValues = new Uint32Array(optionValueCount());
  inStock = 0;

  /** `options`: the search's option filters, as narrowingOf numbered them. */
  constructor(private readonly optionFilters: readonly OptionFilter[]) {}

  /** Counts a product that passes every filter: in every bucket it is in. */
  countAll(entry: CatalogueEntry) {
    this.categories[entry.categoryNumber] = (this.categories[entry.categoryNumber] ?? 0) + 1;
    this.bandSets[entry.priceBandBits] = (this.bandSets[entry.priceBandBits] ?? 0) + 1;
    this.ratingSets[entry.ratingBits] = (this.ratingSets[entry.ratingBits] ?? 0) + 1;
    if (entry.inStock) this.inStock += 1;
    const { optionValues } = entry;
    for (let i = 0; i < optionValues.length; i += 1) {
      const number = optionValues[i] as number;
      this.optionValues[number] = (this.optionValues[number] ?? 0) + 1;
    }
  }

  /** Counts a product that fails only the filter of bit `failed`: in that facet's buckets alone. */
  countIn(entry: CatalogueEntry, failed: number) {
    if (failed === CATEGORY) {
      this.categories[entry.categoryNumber] = (this.categories[entry.categoryNumber] ?? 0) + 1;
    } else if (failed === PRICE) {
      this.bandSets[entry.priceBandBits] = (this.bandSets[entry.priceBandBits] ?? 0) + 1;
    } else if (failed === RATING) {
      this.ratingSets[entry.ratingBits] = (this.ratingSets[entry.ratingBits] ?? 0) + 1;
    } else if (failed === IN_STOCK) {
      if (entry.inStock) this.inStock += 1;
    } else {
      const { option } = this.optionFilters[optionAt(failed)] as OptionFilter;
      for (const number of entry.optionValues) {
        if (optionValueOf(number).option === option) {
          this.optionValues[number] = (this.optionValues[number] ?? 0) + 1;
        }
      }
    }
  }

  /** The products counted in the category of this id. */
  categoryCount(categoryId: string): number {
    const number = categoryNumberOf(categoryId);
    return number === undefined ? 0 : (this.categories[number] ?? 0);
  }

  /** The products counted in PRICE_BANDS[band]. */
  price(band: number): number {
    return sumWithBit(this.bandSets, band);
  }

  /** The products counted rated at least SEARCH_RATINGS[i]. */
  rating(i: number): number {
    return sumWithBit(this.ratingSets, i);
  }

  /** The option values counted, by option name. */
  options(): Map<string, Map<string, number>> {
    const options = new Map<string, Map<string, number>>();
    for (const [number, count] of this.optionValues.entries()) {
      if (count === 0) continue;
      const { name, value } = optionValueOf(number);
      const counts = options.get(name) ?? new Map<string, number>();
      options.set(name, counts.set(value, count));
    }
    return options;
  }
}

/** The sum of the counts of the sets (by their bits) that have bit `bit`. */
function sumWithBit(counts: Uint32Array, bit: number): number {
  let sum = 0;
  for (let set = 0; set < counts.length; set += 1) {
    if (set & (1 << bit)) sum += counts[set] as number;
  }
  return sum;
}
