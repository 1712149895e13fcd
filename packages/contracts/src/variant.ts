import { objectIdSchema } from './common.js';
import { productPhotoSchema } from './photo.js';
import { DEFAULT_TAX_CLASS } from './tax-class.js';
import { z } from './zod.js';

export { nameWithOptions } from './values.js';

/** What a product may have: the limits, shared by the admin form and the API. */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_VARIANTS = 100;
/** The heaviest product or variant: a tonne, in grams. */
export const MAX_WEIGHT_GRAMS = 1_000_000;

/** One way a product varies, e.g. `{ name: 'Size', values: ['S', 'M', 'L'] }`. */
export const productOptionSchema = z
  .object({ name: z.string(), values: z.array(z.string()) })
  .meta({ id: 'ProductOption' });
export type ProductOption = z.infer<typeof productOptionSchema>;

/** A variant's value of each option, by option name (`{}` on a product without options). */
export const variantOptionsSchema = z.record(z.string(), z.string());
export type VariantOptions = z.infer<typeof variantOptionsSchema>;

/** One combination of option values a product is sold in, with its own price and stock. */
export const productVariantSchema = z
  .object({
    _id: objectIdSchema,
    /** Unique in the shop (in any case). */
    sku: z.string(),
    options: variantOptionsSchema,
    price: z.number(),
    /** Units in stock that shoppers can still have: those held in checkouts are not counted. */
    quantity: z.number().int(),
    /**
     * Units held in checkouts now (paying, not yet placed): they come back when a checkout ends
     * without an order. The API always sends it; absent (an older payload): none.
     */
    inCheckouts: z.number().int().optional(),
    /** Grams: its own, else its product's (read as 0 from a payload without it). */
    weight: z.number().int().default(0),
    /** Its own, else its product's (read as standard from a payload without it). */
    taxClass: z.string().default(DEFAULT_TAX_CLASS),
    /** Null when the variant shows the product's photo. */
    photo: productPhotoSchema.nullable(),
  })
  .meta({ id: 'ProductVariant' });
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** What an order line keeps of the variant bought, whatever becomes of it later. */
export const orderLineVariantSchema = z.object({
  _id: objectIdSchema,
  sku: z.string(),
  options: variantOptionsSchema,
});
export type OrderLineVariant = z.infer<typeof orderLineVariantSchema>;

/** The lowest price of the variants: what a product's `price` says. */
export const lowestPrice = (variants: readonly { price: number }[]) =>
  variants.reduce((low, v) => Math.min(low, v.price), Number.POSITIVE_INFINITY);

/** The stock of every variant together: what a product's `quantity` says. */
export const totalStock = (variants: readonly { quantity: number }[]) =>
  variants.reduce((sum, v) => sum + v.quantity, 0);
