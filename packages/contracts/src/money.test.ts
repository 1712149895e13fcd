import { describe, expect, it } from 'vitest';
import {
  isTwoDecimalCurrency,
  roundToCents,
  toMajorUnits,
  toMinorUnits,
  totalMajorUnits,
  totalMinorUnits,
} from './money.js';

describe('money', () => {
  it('when a price is turned into cents, then it rounds the way it was written', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(1.005)).toBe(101);
    expect(toMinorUnits(0.285)).toBe(29);
    expect(toMinorUnits(19.994)).toBe(1999);
    expect(toMinorUnits(-1.005)).toBe(-101);
    expect(toMinorUnits(0)).toBe(0);
    expect(toMinorUnits(1_000_000)).toBe(100_000_000);
  });

  it('when an amount is not a number, then it is refused rather than charged', () => {
    expect(() => toMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => toMinorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('when cents are turned back, then the major amount is exact', () => {
    expect(toMajorUnits(1999)).toBe(19.99);
    expect(roundToCents(19.999)).toBe(20);
  });

  it('when lines are totalled, then the sum is made in cents, with one unit by default', () => {
    const lines = [{ price: 0.1 }, { price: 0.2 }];
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(totalMajorUnits(lines)).toBe(0.3);
    expect(totalMinorUnits([{ price: 19.99, quantity: 3 }, { price: 5 }])).toBe(6497);
  });

  it('when a currency is checked, then only those with cents are accepted', () => {
    expect(isTwoDecimalCurrency('usd')).toBe(true);
    expect(isTwoDecimalCurrency('INR')).toBe(true);
    expect(isTwoDecimalCurrency('jpy')).toBe(false);
    expect(isTwoDecimalCurrency('kwd')).toBe(false);
    expect(isTwoDecimalCurrency('dollars')).toBe(false);
  });
});
