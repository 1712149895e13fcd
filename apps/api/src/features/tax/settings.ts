import { DEFAULT_TAX_CLASS } from '@shop/contracts/tax';

/** What the shop taxes, as the server works with it: rates in basis points (1900 is 19 %). */
export interface TaxSettings {
  rates: { country: string; class: string; bp: number }[];
  /** The class shipping is taxed as. */
  shippingClass: string;
}

/** A shop that never saved its taxes charges none. */
export const NO_TAXES: TaxSettings = { rates: [], shippingClass: DEFAULT_TAX_CLASS };

/**
 * The rate of `taxClass` in `country` (an alpha-2 code, any case), in basis points: 0 where the
 * shop set none.
 */
export function taxRateFor(settings: TaxSettings, country: string, taxClass: string): number {
  const code = country.trim().toUpperCase();
  return settings.rates.find((r) => r.country === code && r.class === taxClass)?.bp ?? 0;
}
