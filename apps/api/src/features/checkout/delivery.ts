import { DELIVERY_ADDRESS_REQUIRED, type DeliveryAddress } from '@shop/contracts';
import { countryCodes, countryName, isCountryCode } from '@shop/contracts/country';
import { AppError } from '../../lib/errors.js';

/** Where a checkout's order goes, and whether the buyer keeps the address on their profile. */
export interface Delivery {
  address?: DeliveryAddress | undefined;
  save?: boolean | undefined;
}

/** A name as compared: lower case, without accents, apostrophes alike. */
const comparable = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').replace(/’/g, "'").trim().toLowerCase();

let codesByName: ReadonlyMap<string, string> | undefined;
/** A country's code by its English name, as compared; the map made on first use. */
function codeOfName(name: string): string | undefined {
  codesByName ??= new Map(countryCodes().map((code) => [comparable(countryName(code)), code]));
  return codesByName.get(comparable(name));
}

/**
 * The ISO 3166-1 code of a delivery address's country, written as a code (`de`) or as its
 * English name (`Germany`, `Côte d’Ivoire`); null for a name no region has (`USA`).
 */
export function countryCodeOf(country: string): string | null {
  const code = country.trim().toUpperCase();
  if (isCountryCode(code)) return code;
  return codeOfName(country) ?? null;
}

/**
 * The address as a checkout keeps it and its order stores it: the country as its ISO 3166-1
 * code in capitals, however it was written (`us`, `United States` → `US`), so that every order
 * names a country one way. A name no region has (`USA`) stays as written: a shop with shipping
 * zones refuses it already (it serves no such country), one without has nothing better to keep.
 */
export const withCountryCode = (address: DeliveryAddress): DeliveryAddress => ({
  ...address,
  country: countryCodeOf(address.country) ?? address.country,
});

/** A placement asked without an address: nothing was done, the buyer may ask again with one. */
export class DeliveryAddressMissing extends AppError {
  constructor() {
    super(400, DELIVERY_ADDRESS_REQUIRED);
  }
}
