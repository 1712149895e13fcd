import { PRICE_BANDS, SEARCH_RATINGS } from '@shop/contracts';
import {
  bandBitsOf,
  categoryCount,
  categoryNumberOf,
  type FacetTable,
  isInStock,
  optionValueCount,
  optionValueOf,
  ROW,
  ratingBitsOf,
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
 * A search's facet counts as they are made, in arrays indexed by the numbers each product's row
 * of the catalogue's facet table holds (catalogue/facet-table.ts): a product costs a few
 * increments. Price bands and ratings are counted by the set a product is in (its bits), and
 * each band's or rating's count summed from those sets once at the end, so a product costs one
 * increment for each, not one per band.
 */
export class FacetCounter {
  private readonly categories = new Uint32Array(categoryCount());
  private readonly bandSets = new Uint32Array(1 << PRICE_BANDS.length);
  private readonly ratingSets = new Uint32Array(1 << SEARCH_RATINGS.length);
  private readonly optionValues = new Uint32Array(optionValueCount());
  private readonly rows: Uint32Array;
  private readonly stride: number;
  inStock = 0;

  /** `optionFilters`: the search's option filters, as narrowingOf numbered them. */
  constructor(
    table: FacetTable,
    private readonly optionFilters: readonly OptionFilter[],
  ) {
    this.rows = table.rows;
    this.stride = table.stride;
  }

  /** Counts the product of this number, which passes every filter: in every bucket it is in. */
  countAll(number: number) {
    const { rows } = this;
    const at = number * this.stride;
    const category = rows[at + ROW.CATEGORY_AT] as number;
    const flags = rows[at + ROW.FLAGS_AT] as number;
    this.categories[category] = (this.categories[category] ?? 0) + 1;
    this.countFlags(flags, PRICE | RATING | IN_STOCK);
    const end = at + ROW.HEADER + (rows[at + ROW.VALUES_COUNT_AT] as number);
    for (let v = at + ROW.HEADER; v < end; v += 1) {
      const value = rows[v] as number;
      this.optionValues[value] = (this.optionValues[value] ?? 0) + 1;
    }
  }

  /** Counts a product that fails only the filter of bit `failed`: in that facet's buckets alone. */
  countIn(number: number, failed: number) {
    const { rows } = this;
    const at = number * this.stride;
    if (failed === CATEGORY) {
      const category = rows[at + ROW.CATEGORY_AT] as number;
      this.categories[category] = (this.categories[category] ?? 0) + 1;
    } else if (failed === PRICE || failed === RATING || failed === IN_STOCK) {
      this.countFlags(rows[at + ROW.FLAGS_AT] as number, failed);
    } else {
      const { option } = this.optionFilters[optionAt(failed)] as OptionFilter;
      const end = at + ROW.HEADER + (rows[at + ROW.VALUES_COUNT_AT] as number);
      for (let v = at + ROW.HEADER; v < end; v += 1) {
        const value = rows[v] as number;
        if (optionValueOf(value).option === option) {
          this.optionValues[value] = (this.optionValues[value] ?? 0) + 1;
        }
      }
    }
  }

  /** Counts a product's flags in the facets of `facets` (PRICE, RATING, IN_STOCK bits). */
  private countFlags(flags: number, facets: number) {
    if (facets & PRICE) {
      const bands = bandBitsOf(flags);
      this.bandSets[bands] = (this.bandSets[bands] ?? 0) + 1;
    }
    if (facets & RATING) {
      const ratings = ratingBitsOf(flags);
      this.ratingSets[ratings] = (this.ratingSets[ratings] ?? 0) + 1;
    }
    if (facets & IN_STOCK && isInStock(flags)) this.inStock += 1;
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
