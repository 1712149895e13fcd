import type { DeliveryAddress } from '@shop/contracts';
import mongoose from 'mongoose';

/**
 * A delivery address as orders and accounts store it: the fields of the contracts'
 * DeliveryAddress, checked there before anything is written.
 */
export const deliveryAddressFields = new mongoose.Schema(
  {
    name: { type: String, required: true },
    street: { type: String, required: true },
    city: { type: String, required: true },
    postalCode: { type: String, required: true },
    country: { type: String, required: true },
    phone: { type: String, required: true },
  },
  { _id: false },
);

/** The stored address as the contracts shape it (a lean document's subdocument, fields only). */
export const toDeliveryAddress = ({
  name,
  street,
  city,
  postalCode,
  country,
  phone,
}: DeliveryAddress): DeliveryAddress => ({ name, street, city, postalCode, country, phone });
