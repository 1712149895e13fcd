import { changeReasonSchema, objectIdSchema } from './common.js';
import { taxClassSchema } from './tax-class.js';
import { MAX_OPTION_VALUES, MAX_OPTIONS, MAX_VARIANTS, MAX_WEIGHT_GRAMS } from './variant.js';
import { z } from './zod.js';

/*
 * What the admin sends to set a product's options and variants, in a path of its own
 * (`@shop/contracts/variants-request`): a schema in the package's index is in every page's
 * bundle, the home page's too, and only the admin's editor and the API need these.
 */

const MAX_AMOUNT = 1_000_000;

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

/** What a SKU may hold (the catalogue import reads SKUs by it too). */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

const variantInputSchema = z.object({
  /** An existing variant of the product; a new one without. */
  _id: objectIdSchema.optional(),
  sku: text('SKU', 64).regex(SKU_PATTERN, 'SKU may hold only letters, digits and . _ / -'),
  options: z.record(z.string(), z.string()).default({}),
  price: amount('Price', false),
  quantity: amount('Quantity', true),
  /**
   * The stock the admin's grid was opened with: the change is refused when a checkout changed
   * it meanwhile, instead of writing the old count back.
   */
  previousQuantity: amount('Previous quantity', true).optional(),
  /**
   * Grams, when it weighs other than its product; null: its product's weight. Without, a saved
   * variant keeps what it had (so a client that does not know the field loses no override) and
   * a new one has its product's.
   */
  weight: z
    .number({ error: 'Weight must be a number' })
    .int('Weight must be a whole number of grams')
    .min(0, 'Weight must not be negative')
    .max(MAX_WEIGHT_GRAMS, `Weight must be at most ${MAX_WEIGHT_GRAMS}`)
    .nullable()
    .optional(),
  /** When it is taxed other than its product; null and without: as its weight. */
  taxClass: taxClassSchema.nullable().optional(),
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
    /** Why, for the audit log: required when a variant kept changes its price. */
    reason: changeReasonSchema,
  })
  .superRefine(({ options, variants }, ctx) => {
    /** `path`: the field it is about, where there is one, so a form can show it there. */
    const fail = (message: string, path?: (string | number)[]) =>
      ctx.addIssue({ code: 'custom', message, ...(path ? { path } : {}) });
    const names = new Set<string>();
    options.forEach((option, index) => {
      if (names.has(option.name.toLowerCase())) {
        fail('Option names must differ', ['options', index, 'name']);
      }
      names.add(option.name.toLowerCase());
      if (option.values.length === 0) {
        fail(`Option ${option.name} has no values`, ['options', index, 'values']);
      }
      if (new Set(option.values.map((v) => v.toLowerCase())).size !== option.values.length) {
        fail(`Option ${option.name} lists a value twice`, ['options', index, 'values']);
      }
    });
    if (options.length === 0 && variants.length > 1) {
      fail('A product without options has exactly one variant');
    }
    // An option without values is said above: no variant can have one of them.
    const valued = options.every((option) => option.values.length > 0);
    for (const variant of valued ? variants : []) {
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
    const skus = new Set<string>();
    variants.forEach((variant, index) => {
      if (skus.has(variant.sku.toLowerCase())) {
        fail('Two variants have the same SKU', ['variants', index, 'sku']);
      }
      skus.add(variant.sku.toLowerCase());
    });
    const ids = variants.flatMap((v) => (v._id ? [v._id.toLowerCase()] : []));
    if (new Set(ids).size !== ids.length) fail('Two variants have the same id');
  });
export type ProductVariantsRequest = z.input<typeof productVariantsRequestSchema>;
export type ProductVariantsValues = z.output<typeof productVariantsRequestSchema>;

/** A variant of a product, in a path. */
export const variantParamsSchema = z.object({ id: objectIdSchema, variantId: objectIdSchema });
