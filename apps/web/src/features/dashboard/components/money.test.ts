import { describe, expect, it } from 'vitest';
import { moneyTicks, wholeAmount } from './money';

const labels = (maxMinor: number, currency: string) =>
  moneyTicks(maxMinor, currency).map((minor) => wholeAmount(minor, currency));

describe("a money chart's ticks", () => {
  it('when the discounts of a day reach $16.40, then the ticks are $0, $5, $10, $15, $20', () => {
    expect(labels(1640, 'usd')).toEqual(['$0', '$5', '$10', '$15', '$20']);
  });

  it('when every day is under a dollar or nothing, then the ticks are $0 and $1, never $0 twice', () => {
    expect(labels(80, 'usd')).toEqual(['$0', '$1']);
    expect(labels(0, 'usd')).toEqual(['$0', '$1']);
  });

  it('when the revenue is in thousands, then the steps are round and the top is above it', () => {
    expect(labels(1_234_567, 'usd')).toEqual(['$0', '$5,000', '$10,000', '$15,000']);
  });

  it('when the currency has no minor unit or three decimals, then the ticks are its whole amounts', () => {
    expect(labels(7_300, 'jpy')).toEqual(['¥0', '¥2,000', '¥4,000', '¥6,000', '¥8,000']);
    // Intl writes the code and the amount apart with a no-break space.
    expect(labels(2_900, 'kwd')).toEqual([0, 1, 2, 3].map((n) => `KWD\u00a0${n}`));
  });
});
