import { fromBasisPoints, MAX_TAX_BASIS_POINTS } from '@shop/contracts/tax';
import type { Migration } from './migration.js';
import { replaceRatesIfUnchanged, type StoredRate, storedRates } from './tax-settings-as-stored.js';

/** Times the rates are read again when an admin saved them between the read and the write. */
const ATTEMPTS = 5;

/** 99900 → `999 %`: the decimal's point moved in its text, as the Taxes screen does. */
const percent = (bp: number) => `${Number(`${fromBasisPoints(bp)}e2`)} %`;

/**
 * Rates up to 999.99 % were accepted until the API took 100 % as the most a rate can be; a rate
 * above it is an admin's typo (999 for 9.99), which no shop means to charge. Each is lowered to
 * 100 %, the nearest rate the shop now allows, and named in a warning so the admin can set the
 * one meant: the one document of rates is rewritten only while its rates are those read.
 */
export const migration: Migration = {
  id: '018-tax-rates-at-most-100-percent',
  name: 'tax rates above 100 % lowered to 100 %',
  async up(context) {
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const read = await storedRates();
      const over = read.filter((rate) => rate.bp > MAX_TAX_BASIS_POINTS);
      if (over.length === 0) return;
      const lowered = read.map(
        (rate): StoredRate =>
          rate.bp > MAX_TAX_BASIS_POINTS ? { ...rate, bp: MAX_TAX_BASIS_POINTS } : rate,
      );
      if (await replaceRatesIfUnchanged(read, lowered)) {
        context.log.warn(
          { rates: over.map((r) => ({ country: r.country, class: r.class, was: percent(r.bp) })) },
          `${over.length} tax rates above 100 % lowered to 100 %: set the rates meant under Taxes`,
        );
        return;
      }
    }
    throw new Error('the tax rates kept changing while they were read: run the start again');
  },
};
