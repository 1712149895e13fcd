import { describe, expect, it } from 'vitest';
import { countryCodes, countryName, isCountryCode } from './country.js';

/** Groups, pseudo-regions, the unknown region, no region, retired codes, not upper case, alpha-3. */
const NO_COUNTRIES = [
  'EU',
  'EZ',
  'UN',
  'QO',
  'XA',
  'XB',
  'ZZ',
  'AA',
  'UK',
  'DD',
  'SU',
  'de',
  'DEU',
];

describe('countries', () => {
  it('when a code names a country, then it is one, in any of the places a shop ships to', () => {
    for (const code of ['DE', 'GB', 'US', 'JP', 'XK', 'CW']) expect(isCountryCode(code)).toBe(true);
  });

  it('when a code names a group, a pseudo-region, nothing, or is retired, then it is no country', () => {
    for (const code of NO_COUNTRIES) expect(isCountryCode(code)).toBe(false);
  });

  it('when the countries are listed, then each is there once, by its English name in order', () => {
    const codes = countryCodes();
    const names = codes.map(countryName);

    expect(codes.every(isCountryCode)).toBe(true);
    expect(new Set(names).size).toBe(codes.length);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(codes).toEqual(expect.arrayContaining(['DE', 'GB', 'US', 'IN']));
    expect(codes).not.toContain('UK');
    expect(names[0]).toBe('Afghanistan');
  });
});
