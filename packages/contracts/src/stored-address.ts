import { z } from './zod.js';

/**
 * A delivery address as answers carry it (on orders and users). It was stored only once the
 * rules of ./address.ts passed, so it is read without them: those checks stay out of the
 * bundle of every page that reads a user, and reach only the checkout's.
 */
export const storedDeliveryAddressSchema = z
  .object({
    name: z.string(),
    street: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phone: z.string(),
  })
  .meta({ id: 'StoredDeliveryAddress' });
