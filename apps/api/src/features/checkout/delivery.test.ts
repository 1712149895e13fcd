import { describe, expect, it } from 'vitest';
import { countryCodeOf } from './delivery.js';

describe('countryCodeOf', () => {
  it.each([
    ['DE', 'DE'],
    [' de ', 'DE'],
    ['Germany', 'DE'],
    ['united kingdom', 'GB'],
    ['Côte d’Ivoire', 'CI'],
    ["Cote d'Ivoire", 'CI'],
  ])('when the address says %j, then its country is %s', (written, code) => {
    expect(countryCodeOf(written)).toBe(code);
  });

  it.each(['USA', 'Deutschland', 'UK', 'EU'])(
    'when the address says %j, which names no country by its code or English name, then none',
    (written) => {
      expect(countryCodeOf(written)).toBeNull();
    },
  );
});
