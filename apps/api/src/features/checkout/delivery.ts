import {
  DELIVERY_ADDRESS_REQUIRED,
  type DeliveryAddress,
  deliveryAddressSchema,
} from '@shop/contracts';
import { countryCodes, countryName, isCountryCode } from '@shop/contracts/country';
import { AppError } from '../../lib/errors.js';

/** Where a checkout's order goes, and whether the buyer keeps the address on their profile. */
export interface Delivery {
  address?: DeliveryAddress | undefined;
  save?: boolean | undefined;
}

/**
 * The delivery travels with the PaymentIntent, so that whoever places its order (place-order
 * or the webhook) has it: one metadata key per field (each within Stripe's 500 characters,
 * 7 keys beside the cart's 22 at most, the buyer and the shipping's 2, of Stripe's 50).
 */
const KEYS = {
  name: 'ship_name',
  street: 'ship_street',
  city: 'ship_city',
  postalCode: 'ship_postal_code',
  country: 'ship_country',
  phone: 'ship_phone',
} as const satisfies Record<keyof DeliveryAddress, string>;
const SAVE_KEY = 'ship_save';
/** The shipping method chosen, and the country code the payment was priced for. */
const METHOD_KEY = 'ship_method';
const COUNTRY_CODE_KEY = 'ship_country_code';

/** How the payment ships: the method chosen and the country it was priced for. */
export const shippingMetadata = (
  shippingMethod: string | null,
  countryCode: string | null,
): Record<string, string> => ({
  ...(shippingMethod ? { [METHOD_KEY]: shippingMethod } : {}),
  ...(countryCode ? { [COUNTRY_CODE_KEY]: countryCode } : {}),
});

/** The shipping method a payment was started with; null for none (or a payment of earlier versions). */
export const shippingMethodFromMetadata = (metadata: Record<string, string>): string | null =>
  metadata[METHOD_KEY] ?? null;

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

export function deliveryMetadata({ address, save }: Delivery): Record<string, string> {
  if (!address) return {};
  return {
    ...Object.fromEntries(
      Object.entries(KEYS).map(([field, key]) => [key, address[field as keyof DeliveryAddress]]),
    ),
    ...(save ? { [SAVE_KEY]: 'true' } : {}),
  };
}

/** What deliveryMetadata wrote; no address when the payment carries none (or not a valid one). */
export function deliveryFromMetadata(metadata: Record<string, string>): Delivery {
  const address = deliveryAddressSchema.safeParse(
    Object.fromEntries(Object.entries(KEYS).map(([field, key]) => [field, metadata[key]])),
  );
  return address.success ? { address: address.data, save: metadata[SAVE_KEY] === 'true' } : {};
}

/** A placement asked without an address: nothing was done, the buyer may ask again with one. */
export class DeliveryAddressMissing extends AppError {
  constructor() {
    super(400, DELIVERY_ADDRESS_REQUIRED);
  }
}
