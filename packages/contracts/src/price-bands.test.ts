import { describe, expect, it } from 'vitest';
import {
  findPriceBand,
  isInPriceRange,
  PRICE_BANDS,
  priceRangeLimits,
  priceRangeSchema,
} from './price-bands.js';

describe('PRICE_BANDS', () => {
  it('when the bands are listed, then they are the six of the spec in order', () => {
    expect(PRICE_BANDS.map((band) => band.array)).toEqual([
      [0, 19],
      [20, 39],
      [40, 59],
      [60, 79],
      [80, 99],
      [100, 9999],
    ]);
    expect(PRICE_BANDS.map((band) => band._id)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('when any price is placed, then exactly one band holds it', () => {
    const prices = [0, 1, 18.99, 19, 19.5, 19.99, 20, 39.99, 59.5, 99.99, 100, 250, 9999, 15000];
    for (const price of prices) {
      const holders = PRICE_BANDS.filter((band) => isInPriceRange(price, band.array));
      expect(holders, `price ${price}`).toHaveLength(1);
    }
  });

  it('when a band is looked up by id, then it is found, and an unknown id finds nothing', () => {
    expect(findPriceBand(2)?.name).toBe('$40 to 59');
    expect(findPriceBand(6)).toBeUndefined();
  });
});

describe('priceRangeLimits', () => {
  it('when a band is whole-unit labelled, then it reaches up to the next whole unit', () => {
    expect(priceRangeLimits([0, 19])).toEqual({ min: 0, below: 20 });
    expect(priceRangeLimits([60, 79])).toEqual({ min: 60, below: 80 });
  });

  it('when the range is the top band, then it has no ceiling', () => {
    expect(priceRangeLimits([100, 9999])).toEqual({ min: 100 });
    expect(isInPriceRange(1_000_000, [100, 9999])).toBe(true);
    expect(isInPriceRange(99.99, [100, 9999])).toBe(false);
  });

  it('when the ends are checked, then the low end is inside and the next unit is outside', () => {
    expect(isInPriceRange(20, [20, 39])).toBe(true);
    expect(isInPriceRange(19.99, [20, 39])).toBe(false);
    expect(isInPriceRange(39.99, [20, 39])).toBe(true);
    expect(isInPriceRange(40, [20, 39])).toBe(false);
  });
});

describe('priceRangeSchema', () => {
  it('when the pair is two non-negative numbers, low first, then it is accepted', () => {
    expect(priceRangeSchema.parse([20, 39])).toEqual([20, 39]);
    expect(priceRangeSchema.parse([5, 5])).toEqual([5, 5]);
  });

  it.each([
    ['low above high', [40, 20]],
    ['a negative end', [-1, 19]],
    ['strings', ['0', '19']],
    ['three numbers', [0, 19, 40]],
    ['an operator object', { $gt: 0 }],
  ])('when the pair has %s, then it is rejected', (_label, input) => {
    expect(priceRangeSchema.safeParse(input).success).toBe(false);
  });
});
