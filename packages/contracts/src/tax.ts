import { countryCodeSchema } from './country.js';
import { BUILT_IN_TAX_CLASSES, DEFAULT_TAX_CLASS, taxClassSchema } from './tax-class.js';
import { z } from './zod.js';

export { BUILT_IN_TAX_CLASSES, DEFAULT_TAX_CLASS, taxClassSchema } from './tax-class.js';

/*
 * Tax classes and rates, as `GET/PUT /api/v1/tax` carry them, in a path of their own
 * (`@shop/contracts/tax`). A rate is a decimal in the API (0.19 for 19 %) and basis points
 * inside (1900): at most 4 decimals, so the two are the same number.
 */

export const MAX_TAX_RATES = 1000;
/** The highest rate: 1, that is 100 %. */
export const MAX_TAX_RATE = 1;
const BASIS_POINTS_PER_UNIT = 10_000;
/** The highest rate in basis points, as the shop keeps rates (10000). */
export const MAX_TAX_BASIS_POINTS = MAX_TAX_RATE * BASIS_POINTS_PER_UNIT;

/**
 * A rate in basis points (0.19 → 1900), or null when it has more than 4 decimals. Read from the
 * decimal text, as money is (0.0001 × 10000 in binary is not quite 1).
 */
export function toBasisPoints(rate: number): number | null {
  if (!Number.isFinite(rate)) return null;
  const [digits = '0', exponent = '0'] = rate.toExponential().split('e');
  const bp = Number(`${digits}e${Number(exponent) + 4}`);
  return Number.isInteger(bp) ? bp : null;
}

/** Basis points back to the API's decimal (1900 → 0.19). */
export const fromBasisPoints = (bp: number): number => bp / BASIS_POINTS_PER_UNIT;

export const taxRateSchema = z
  .object({
    country: countryCodeSchema('Country'),
    class: taxClassSchema,
    rate: z
      .number({ error: 'Rate must be a decimal such as 0.19 for 19 %' })
      .min(0, 'Rate must not be negative')
      .max(MAX_TAX_RATE, `Rate must be at most ${MAX_TAX_RATE}, that is 100 %`)
      .refine((r) => toBasisPoints(r) !== null, 'Rate must have at most 4 decimals'),
  })
  .meta({ id: 'TaxRate' });
export type TaxRate = z.infer<typeof taxRateSchema>;

const taxSettingsFields = {
  rates: z
    .array(taxRateSchema, { error: 'Rates must be a list' })
    .max(MAX_TAX_RATES, `A shop has at most ${MAX_TAX_RATES} tax rates`),
  /** The class shipping is taxed as. */
  shippingClass: taxClassSchema.default(DEFAULT_TAX_CLASS),
};

/** The classes there are: the built-in ones, then those the rates name, each once. */
export const taxClassesOf = (rates: readonly Pick<TaxRate, 'class'>[]): string[] => [
  ...new Set<string>([...BUILT_IN_TAX_CLASSES, ...rates.map((r) => r.class)]),
];

/** Every rate and the class of shipping, replaced at once. */
export const taxSettingsRequestSchema = z
  .object(taxSettingsFields)
  .superRefine(({ rates, shippingClass }, ctx) => {
    const seen = new Set<string>();
    rates.forEach(({ country, class: taxClass }, index) => {
      const key = `${country} ${taxClass}`;
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rates', index, 'class'],
          message: `${country} has two rates of class ${taxClass}`,
        });
      }
      seen.add(key);
    });
    if (!taxClassesOf(rates).includes(shippingClass)) {
      ctx.addIssue({
        code: 'custom',
        path: ['shippingClass'],
        message: `Shipping class ${shippingClass} is not a tax class: give it a rate first`,
      });
    }
  });
export type TaxSettingsRequest = z.input<typeof taxSettingsRequestSchema>;
export type TaxSettingsValues = z.output<typeof taxSettingsRequestSchema>;

/** What the shop taxes, answered as the request sends it, with the classes there are. */
export const taxSettingsResponseSchema = z.object({
  success: z.literal(true),
  ...taxSettingsFields,
  /** Built in, then named by a rate: what a product or variant may be taxed as. */
  classes: z.array(z.string()),
});
export type TaxSettingsResponse = z.infer<typeof taxSettingsResponseSchema>;

export const taxSettingsSavedResponseSchema = taxSettingsResponseSchema.extend({
  message: z.string(),
});
