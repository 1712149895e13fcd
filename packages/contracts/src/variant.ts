import { z } from 'zod';
import { objectIdSchema } from './common.js';
import { productPhotoSchema } from './photo.js';

/** What a product may have: the issue's limits, shared by the admin form and the API. */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_VARIANTS = 100;
const MAX_AMOUNT = 1_000_000;

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
    /** Units in stock. */
    quantity: z.number().int(),
    /** Null when the variant shows the product's photo. */
    photo: productPhotoSchema.nullable(),
  })
  .meta({ id: 'ProductVariant' });
export type ProductVariant = z.infer<typeof productVariantSchema>;

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

const amount = (field: string, int: boolean) =>
  (int
    ? z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`)
    : z.number({ error: `${field} must be a number` })
  )
    .min(0, `${field} must not be negative`)
    .max(MAX_AMOUNT, `${field} must be at most ${MAX_AMOUNT}`);

const optionInputSchema = z.object({
  name: text('Option name', 50),
  values: z
    .array(text('Option value', 50), { error: 'Option values must be a list' })
    .max(MAX_OPTION_VALUES, `An option has at most ${MAX_OPTION_VALUES} values`),
});

const variantInputSchema = z.object({
  /** An existing variant of the product; a new one without. */
  _id: objectIdSchema.optional(),
  sku: text('SKU', 64).regex(
    /^[A-Za-z0-9][A-Za-z0-9._/-]*$/,
    'SKU may hold only letters, digits and . _ / -',
  ),
  options: z.record(z.string(), z.string()).default({}),
  price: amount('Price', false),
  quantity: amount('Quantity', true),
  /**
   * The stock the admin's grid was opened with: the change is refused when a checkout changed
   * it meanwhile, instead of writing the old count back.
   */
  previousQuantity: amount('Previous quantity', true).optional(),
});

const combination = (options: readonly { name: string }[], values: Record<string, string>) =>
  JSON.stringify(options.map((o) => values[o.name]));

/**
 * The admin's whole set of options and variants of one product: every combination kept is
 * one variant; a product without options has exactly one.
 */
export const productVariantsRequestSchema = z
  .object({
    options: z
      .array(optionInputSchema)
      .max(MAX_OPTIONS, `A product has at most ${MAX_OPTIONS} options`)
      .default([]),
    variants: z
      .array(variantInputSchema)
      .min(1, 'A product needs at least one variant')
      .max(MAX_VARIANTS, `A product has at most ${MAX_VARIANTS} variants`),
  })
  .superRefine(({ options, variants }, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: 'custom', message });
    const names = new Set(options.map((o) => o.name.toLowerCase()));
    if (names.size !== options.length) fail('Option names must differ');
    for (const option of options) {
      if (option.values.length === 0) fail(`Option ${option.name} has no values`);
      if (new Set(option.values.map((v) => v.toLowerCase())).size !== option.values.length) {
        fail(`Option ${option.name} lists a value twice`);
      }
    }
    if (options.length === 0 && variants.length > 1) {
      fail('A product without options has exactly one variant');
    }
    for (const variant of variants) {
      const keys = Object.keys(variant.options);
      const fits =
        keys.length === options.length &&
        options.every((o) => o.values.includes(variant.options[o.name] ?? ''));
      if (!fits) {
        fail(`Variant ${variant.sku} must have one value of each option, from the option's values`);
      }
    }
    if (new Set(variants.map((v) => combination(options, v.options))).size !== variants.length) {
      fail('Two variants have the same option values');
    }
    const skus = new Set(variants.map((v) => v.sku.toLowerCase()));
    if (skus.size !== variants.length) fail('Two variants have the same SKU');
    const ids = variants.flatMap((v) => (v._id ? [v._id.toLowerCase()] : []));
    if (new Set(ids).size !== ids.length) fail('Two variants have the same id');
  });
export type ProductVariantsRequest = z.input<typeof productVariantsRequestSchema>;
export type ProductVariantsValues = z.output<typeof productVariantsRequestSchema>;

/** A variant of a product, in a path. */
export const variantParamsSchema = z.object({ id: objectIdSchema, variantId: objectIdSchema });

/** What an order line keeps of the variant bought, whatever becomes of it later. */
export const orderLineVariantSchema = z.object({
  _id: objectIdSchema,
  sku: z.string(),
  options: variantOptionsSchema,
});
export type OrderLineVariant = z.infer<typeof orderLineVariantSchema>;

/** A product's name and, when it has options, the variant's values: `T-shirt (M, Black)`. */
export function nameWithOptions(name: string, options: VariantOptions) {
  const values = Object.values(options);
  return values.length > 0 ? `${name} (${values.join(', ')})` : name;
}

/** The lowest price of the variants: what a product's `price` says. */
export const lowestPrice = (variants: readonly { price: number }[]) =>
  variants.reduce((low, v) => Math.min(low, v.price), Number.POSITIVE_INFINITY);

/** The stock of every variant together: what a product's `quantity` says. */
export const totalStock = (variants: readonly { quantity: number }[]) =>
  variants.reduce((sum, v) => sum + v.quantity, 0);
