import { describe, expect, it } from 'vitest';
import * as money from './money.js';

describe('money', () => {
  it('when a price is turned into cents, then it rounds the way it was written', () => {
    expect(money.toMinorUnits(19.99)).toBe(1999);
    expect(money.toMinorUnits(1.005)).toBe(101);
    expect(money.toMinorUnits(0.285)).toBe(29);
    expect(money.toMinorUnits(19.994)).toBe(1999);
    expect(money.toMinorUnits(-1.005)).toBe(-101);
    expect(money.toMinorUnits(0)).toBe(0);
    expect(money.toMinorUnits(1_000_000)).toBe(100_000_000);
  });

  it('when an amount is not a number, then it is refused rather than charged', () => {
    expect(() => money.toMinorUnits(Number.NaN)).toThrow(RangeError);
    expect(() => money.toMinorUnits(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('when cents are turned back, then the major amount is exact', () => {
    expect(money.toMajorUnits(1999)).toBe(19.99);
    expect(money.roundToCents(19.999)).toBe(20);
  });

  it('when lines are totalled, then the sum is made in cents, with one unit by default', () => {
    const lines = [{ price: 0.1 }, { price: 0.2 }];
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(money.totalMajorUnits(lines)).toBe(0.3);
    expect(money.totalMinorUnits([{ price: 19.99, quantity: 3 }, { price: 5 }])).toBe(6497);
  });

  it('when a currency is checked, then only those with cents are accepted', () => {
    expect(money.isTwoDecimalCurrency('usd')).toBe(true);
    expect(money.isTwoDecimalCurrency('INR')).toBe(true);
    expect(money.isTwoDecimalCurrency('jpy')).toBe(false);
    expect(money.isTwoDecimalCurrency('kwd')).toBe(false);
    expect(money.isTwoDecimalCurrency('dollars')).toBe(false);
  });
});
