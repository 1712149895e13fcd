import { isCountryCode } from './country.js';
import { isChargeableCurrency } from './money.js';
import { z } from './zod.js';

/**
 * The shop's own settings: its name, the one currency it prices and charges in (lowercase ISO
 * 4217), whether the prices an admin enters already include tax, and the country it is in (ISO
 * 3166-1 alpha-2, uppercase; the delivery form's first country), and for how many days after
 * an order its buyer may ask to return some of it, and whether staff must sign in with a second
 * factor.
 */
export const storeSchema = z
  .object({
    name: z.string(),
    currency: z.string(),
    pricesIncludeTax: z.boolean(),
    country: z.string(),
    returnWindowDays: z.number().int(),
    /** Every staff account sets up two-factor sign-in before it can do anything else. */
    staffTwoFactorRequired: z.boolean(),
  })
  .meta({ id: 'Store' });

/** How many days after an order a return may be asked for, unless the admin says otherwise. */
export const RETURN_WINDOW_DAYS_DEFAULT = 30;
export const RETURN_WINDOW_DAYS_MAX = 365;
export type Store = z.infer<typeof storeSchema>;

/**
 * The settings as the owner reads them after a change: the public ones and the largest refund a
 * support account may give at once (major units; kept in minor units, 0 until the owner sets it).
 */
export const storeAdminSchema = storeSchema
  .extend({ supportRefundLimit: z.number().nonnegative() })
  .meta({ id: 'StoreAdmin' });
export type StoreAdmin = z.infer<typeof storeAdminSchema>;

/** What an admin sends: every field, validated, the codes in any case. */
export const storeUpdateSchema = z.object({
  name: z
    .string({ error: 'Store name is required' })
    .trim()
    .min(1, 'Store name is required')
    .max(100, 'Store name must be at most 100 characters'),
  currency: z
    .string({ error: 'Currency must be a three-letter ISO 4217 code, such as usd' })
    .trim()
    .toLowerCase()
    .refine(
      isChargeableCurrency,
      'Currency must be a three-letter ISO 4217 code Stripe charges, such as usd',
    ),
  pricesIncludeTax: z.boolean({ error: 'pricesIncludeTax must be true or false' }),
  country: z
    .string({ error: 'Country must be a two-letter ISO 3166 code, such as DE' })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, 'Country must be a two-letter ISO 3166 code, such as DE'),
  /** Absent: as it is (clients of earlier versions send the four fields above). */
  returnWindowDays: z
    .number({ error: 'returnWindowDays must be a number' })
    .int('returnWindowDays must be a whole number')
    .min(0, 'returnWindowDays must be 0 or more')
    .max(RETURN_WINDOW_DAYS_MAX, `returnWindowDays must be at most ${RETURN_WINDOW_DAYS_MAX}`)
    .optional(),
  /** Absent: as it is. In the store currency's major units. */
  supportRefundLimit: z
    .number({ error: 'supportRefundLimit must be a number' })
    .nonnegative('supportRefundLimit must be 0 or more')
    .max(1_000_000_000, 'supportRefundLimit is too large')
    .optional(),
  /** Absent: as it is. */
  staffTwoFactorRequired: z
    .boolean({ error: 'staffTwoFactorRequired must be true or false' })
    .optional(),
});
export type StoreUpdate = z.infer<typeof storeUpdateSchema>;
