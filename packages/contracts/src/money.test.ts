import { describe, expect, it } from 'vitest';
import * as money from './money.js';

describe('money', () => {
  it('when a price is turned into cents, then it rounds the way it was written', () => {
    expect(money.toMinorUnits(19.99, 'usd')).toBe(1999);
    expect(money.toMinorUnits(1.005, 'usd')).toBe(101);
    expect(money.toMinorUnits(0.285, 'eur')).toBe(29);
    expect(money.toMinorUnits(19.994, 'usd')).toBe(1999);
    expect(money.toMinorUnits(-1.005, 'usd')).toBe(-101);
    expect(money.toMinorUnits(0, 'usd')).toBe(0);
    expect(money.toMinorUnits(1_000_000, 'USD')).toBe(100_000_000);
  });

  it('when the currency has no cents or has thousandths, then its minor unit is its own', () => {
    expect(money.toMinorUnits(1500, 'jpy')).toBe(1500);
    expect(money.toMinorUnits(1500.5, 'jpy')).toBe(1501);
    expect(money.toMinorUnits(1.25, 'kwd')).toBe(1250);
    expect(money.toMinorUnits(0.0005, 'kwd')).toBe(1);
    expect(money.toMajorUnits(1500, 'jpy')).toBe(1500);
    expect(money.toMajorUnits(1250, 'kwd')).toBe(1.25);
    expect(money.toMajorUnits(-5, 'usd')).toBe(-0.05);
  });

  it('when an amount is not a number or the currency unknown, then it is refused rather than charged', () => {
    expect(() => money.toMinorUnits(Number.NaN, 'usd')).toThrow(RangeError);
    expect(() => money.toMinorUnits(Number.POSITIVE_INFINITY, 'usd')).toThrow(RangeError);
    expect(() => money.toMinorUnits(1, 'dollars')).toThrow(RangeError);
    expect(() => money.toMajorUnits(1.5, 'usd')).toThrow(RangeError);
  });

  it('when minor units go to major and back, then every amount comes back exact', () => {
    for (const currency of ['usd', 'jpy', 'kwd']) {
      for (let minor = 0; minor < 100_000; minor += 37) {
        expect(money.toMinorUnits(money.toMajorUnits(minor, currency), currency)).toBe(minor);
      }
    }
  });

  it('when lines are totalled, then the sum is made in minor units, with one unit by default', () => {
    const lines = [{ price: 0.1 }, { price: 0.2 }];
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(money.totalMajorUnits(lines, 'usd')).toBe(0.3);
    expect(money.totalMinorUnits([{ price: 19.99, quantity: 3 }, { price: 5 }], 'usd')).toBe(6497);
    expect(money.totalMinorUnits([{ price: 1500, quantity: 3 }], 'jpy')).toBe(4500);
  });

  it('when a currency is checked, then only those Stripe charges are accepted', () => {
    expect(money.isChargeableCurrency('usd')).toBe(true);
    expect(money.isChargeableCurrency('INR')).toBe(true);
    expect(money.isChargeableCurrency('jpy')).toBe(true);
    expect(money.isChargeableCurrency('kwd')).toBe(true);
    expect(money.isChargeableCurrency('isk')).toBe(false);
    expect(money.isChargeableCurrency('dollars')).toBe(false);
    expect(money.currencyDigits('JPY')).toBe(0);
    expect(money.currencyDigits('eur')).toBe(2);
    expect(money.currencyDigits('bhd')).toBe(3);
    expect(money.chargeableCurrencies()).toContain('eur');
  });

  it('when money is written for a person, then it has the currency sign and exactly its decimals', () => {
    expect(money.formatMoney(1234.5, 'usd')).toBe('$1,234.50');
    expect(money.formatMoney(1500, 'jpy')).toBe('¥1,500');
    expect(money.formatMoney(32, 'inr')).toBe('₹32.00');
    expect(money.formatMoney(19.99, 'EUR')).toBe('€19.99');
    expect(money.formatMoney(1.25, 'kwd')).toMatch(/^KWD\s1\.250$/);
    expect(money.formatMinorUnits(2450, 'usd')).toBe('$24.50');
    expect(money.formatMinorUnits(2450, 'jpy')).toBe('¥2,450');
    expect(money.decimalText(24.5, 'usd')).toBe('24.50');
    expect(money.decimalText(1500, 'jpy')).toBe('1500');
  });

  it('when a page carries its currency format, then every amount is written as Intl writes it, in every currency the shop charges', () => {
    const intlOf = (currency: string) => {
      const digits = money.currencyDigits(currency);
      return new Intl.NumberFormat('en-US', {
        style: 'currency',
        currency: currency.toUpperCase(),
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
    };
    const edges = [0, -0, 0.5, -0.5, 0.001, -0.001, 0.004, 0.005, 1.005, 2.675, 19.99, -19.99];
    const large = [999, 1000, 999_999.995, 1_000_000, 123_456_789.125, -98_765_432.1, 1e12];
    const odd = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21, -1e300];
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const randomAmounts = Array.from({ length: 300 }, (_, i) => {
      const scale = 10 ** Math.floor(random() * 9);
      const amount = Math.round(random() * scale * 1000) / 1000;
      return i % 3 === 0 ? -amount : amount;
    });
    for (const currency of money.chargeableCurrencies()) {
      const format = money.moneyFormatOf(currency);
      expect(format, currency).not.toBeNull();
      money.adoptMoneyFormat(format);
      const intl = intlOf(currency);
      for (const amount of [...edges, ...large, ...odd, ...randomAmounts]) {
        expect(money.formatMoney(amount, currency), `${currency} ${amount}`).toBe(
          intl.format(amount),
        );
      }
    }
  });

  it('when a page carries something else as a currency format, then it is ignored and Intl writes the amounts', () => {
    const before = money.formatMoney(1234.5, 'usd');
    for (const format of [
      null,
      'usd',
      { currency: 'usd' },
      {
        currency: 'dollars',
        positive: { before: '', after: '' },
        negative: { before: '-', after: '' },
        group: ',',
        decimal: '.',
      },
      {
        currency: 'usd',
        positive: { before: 1, after: '' },
        negative: { before: '-', after: '' },
        group: ',',
        decimal: '.',
      },
    ]) {
      money.adoptMoneyFormat(format);
      expect(money.formatMoney(1234.5, 'usd')).toBe(before);
    }
    expect(before).toBe('$1,234.50');
  });

  it('when a format is adopted, then it is what writes the amounts (not Intl)', () => {
    const format = money.moneyFormatOf('chf');
    expect(format).toMatchObject({ positive: { before: 'CHF\u00a0', after: '' }, decimal: '.' });
    money.adoptMoneyFormat({ ...format, positive: { before: 'Fr. ', after: ' (CH)' } });
    expect(money.formatMoney(1234.5, 'chf')).toBe('Fr. 1,234.50 (CH)');
    expect(money.formatMinorUnits(-250, 'chf')).toBe('-CHF\u00a02.50');
    money.adoptMoneyFormat(format);
    expect(money.formatMoney(1234.5, 'chf')).toBe('CHF\u00a01,234.50');
  });
});
