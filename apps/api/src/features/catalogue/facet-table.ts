import type { FacetKeys } from './facet-keys.js';

/** A row: its category's number, its flags, how many option values, then those values. */
const CATEGORY_AT = 0;
const FLAGS_AT = 1;
const VALUES_COUNT_AT = 2;
const HEADER = 3;

/** The flags' parts: price band bits, rating bits, in stock. */
const RATING_SHIFT = 8;
const IN_STOCK_FLAG = 1 << 16;
const BITS = 0xff;

export const bandBitsOf = (flags: number) => flags & BITS;
export const ratingBitsOf = (flags: number) => (flags >>> RATING_SHIFT) & BITS;
export const isInStock = (flags: number) => (flags & IN_STOCK_FLAG) !== 0;

/**
 * Every product's facet keys (see FacetKeys) by its number in the search index, in one typed
 * array of rows of the same width: what a search's facets read of thousands of matches sits in
 * a few contiguous kilobytes rather than in as many objects spread over the heap, whose reads
 * missed the processor's caches most of the time. A row is written at each change of its
 * product; a product with more option values than a row holds widens every row once.
 */
export class FacetTable {
  /** Numbers (words) per row. */
  stride = HEADER + 5;
  rows = new Uint32Array(0);

  set(number: number, keys: FacetKeys) {
    const width = HEADER + keys.optionValues.length;
    if (width > this.stride) this.relayout(width, this.rows.length / this.stride);
    if ((number + 1) * this.stride > this.rows.length) {
      this.relayout(this.stride, Math.max(1024, (number + 1) * 2));
    }
    const at = number * this.stride;
    this.rows[at + CATEGORY_AT] = keys.categoryNumber;
    this.rows[at + FLAGS_AT] =
      keys.priceBandBits | (keys.ratingBits << RATING_SHIFT) | (keys.inStock ? IN_STOCK_FLAG : 0);
    this.rows[at + VALUES_COUNT_AT] = keys.optionValues.length;
    this.rows.set(keys.optionValues, at + HEADER);
  }

  /** Copies the rows into rows of `stride` numbers, room for `count`. */
  private relayout(stride: number, count: number) {
    const rows = new Uint32Array(stride * count);
    const kept = Math.min(count, this.rows.length / this.stride);
    for (let number = 0; number < kept; number += 1) {
      const from = number * this.stride;
      rows.set(this.rows.subarray(from, from + this.stride), number * stride);
    }
    this.stride = stride;
    this.rows = rows;
  }
}

/** Where a row's parts are (for the loops that read thousands of rows inline). */
export const ROW = { CATEGORY_AT, FLAGS_AT, VALUES_COUNT_AT, HEADER } as const;
