import { chargeableCurrencies, toMajorUnits, toMinorUnits } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { zonesInMinorUnits } from '../features/shipping/input.js';
import { seedAmountsIn } from './amounts.js';
import { CATALOGUE } from './catalogue.js';
import { seedZonesIn } from './shipping-and-taxes.js';

/** The most a product's price may be (the product form's limit). */
const MOST_A_PRICE_MAY_BE = 1_000_000;

const catalogueDollars = CATALOGUE.flatMap((category) =>
  category.products.flatMap((p) => [p.price, ...(p.variants?.variants.map((v) => v.price) ?? [])]),
);

describe('the demo shop’s amounts in each currency', () => {
  it.for(chargeableCurrencies())(
    'when the demo shop is seeded in %s, then every price and shipping amount is whole in its minor unit, positive and within the shop’s limits',
    (currency) => {
      const amount = seedAmountsIn(currency);
      for (const dollars of catalogueDollars) {
        const price = amount(dollars);
        expect(toMajorUnits(toMinorUnits(price, currency), currency), `$${dollars}`).toBe(price);
        expect(price).toBeGreaterThan(0);
        expect(price).toBeLessThanOrEqual(MOST_A_PRICE_MAY_BE);
      }
      // Parsed as the admin's zones are, then stored as they are: the step that refused ¥4.99.
      expect(() => zonesInMinorUnits(seedZonesIn(currency), currency)).not.toThrow();
    },
  );

  it('when the currency has no decimals or three, then its prices are round figures of its own, not the dollar’s', () => {
    expect([9.5, 4.99, 50].map(seedAmountsIn('jpy'))).toEqual([1400, 750, 7500]);
    expect([9.5, 4.99, 50].map(seedAmountsIn('kwd'))).toEqual([2.9, 1.5, 16]);
    expect([9.5, 4.99, 50].map(seedAmountsIn('usd'))).toEqual([9.5, 4.99, 50]);
  });
});
