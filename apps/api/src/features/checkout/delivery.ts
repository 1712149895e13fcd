import {
  DELIVERY_ADDRESS_REQUIRED,
  type DeliveryAddress,
  deliveryAddressSchema,
} from '@shop/contracts';
import { AppError } from '../../lib/errors.js';

/** Where a checkout's order goes, and whether the buyer keeps the address on their profile. */
export interface Delivery {
  address?: DeliveryAddress | undefined;
  save?: boolean | undefined;
}

/**
 * The delivery travels with the PaymentIntent, so that whoever places its order (place-order
 * or the webhook) has it: one metadata key per field (each within Stripe's 500 characters,
 * 7 keys beside the cart's 22 at most and the buyer, of Stripe's 50).
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
