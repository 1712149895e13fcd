import { notTextError } from './common.js';
import { countryName } from './country.js';
import { z } from './zod.js';

/** Lengths a label and a courier's form take; a street may carry a building and a flat. */
export const DELIVERY_ADDRESS_LIMITS = {
  name: 100,
  street: 200,
  city: 100,
  postalCode: 20,
  country: 60,
  phone: 30,
} as const;

/** Messages name the address and the field, so that a 400 of a whole checkout says which. */
const text = (label: string, max: number) =>
  z
    .string({ error: notTextError(`Delivery address: ${label}`) })
    .trim()
    .min(1, `Delivery address: ${label} is required`)
    .max(max, `Delivery address: ${label} must be at most ${max} characters`);

/**
 * Where an order goes. Every field is required and trimmed. The country is written as people
 * write it, a name ('Germany', 'Côte d’Ivoire') or an ISO 3166-1 code ('DE'): letters, spaces
 * and . , ' ’ ( ) -; it is stored as given. A phone holds digits (at least 6), spaces and
 * + ( ) . - /; a postal code letters, digits, spaces and hyphens.
 */
export const deliveryAddressSchema = z
  .object({
    name: text('recipient name', DELIVERY_ADDRESS_LIMITS.name),
    street: text('street', DELIVERY_ADDRESS_LIMITS.street),
    city: text('city', DELIVERY_ADDRESS_LIMITS.city),
    postalCode: text('postal code', DELIVERY_ADDRESS_LIMITS.postalCode).regex(
      /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u,
      'Delivery address: postal code may hold only letters, digits, spaces and hyphens',
    ),
    country: text('country', DELIVERY_ADDRESS_LIMITS.country).regex(
      /^\p{L}[\p{L}\p{M} .,'’()-]*$/u,
      'Delivery address: country must be a country name or an ISO code such as DE',
    ),
    phone: text('phone', DELIVERY_ADDRESS_LIMITS.phone)
      .regex(
        /^\+?[0-9 ().\-/]+$/,
        'Delivery address: phone may hold only digits, spaces and + ( ) . - /',
      )
      .refine(
        (phone) => phone.replace(/\D/g, '').length >= 6,
        'Delivery address: phone must have at least 6 digits',
      ),
  })
  .meta({ id: 'DeliveryAddress' });
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

export const DELIVERY_ADDRESS_REQUIRED =
  'A delivery address is required to place an order (recipient name, street, city, postal code, country and phone)';

/** The address in the lines a label shows, its country by name (stored as its ISO code). */
export const deliveryAddressLines = (address: DeliveryAddress): string[] => [
  address.name,
  address.street,
  `${address.postalCode} ${address.city}`,
  countryName(address.country),
  `Phone: ${address.phone}`,
];
