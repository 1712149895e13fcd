import { objectIdSchema } from './common.js';
import { z } from './zod.js';

/*
 * Discount codes and automatic promotions, as `GET/POST /api/v1/discounts` and
 * `PUT/DELETE /api/v1/discounts/{id}` carry them, in a path of their own
 * (`@shop/contracts/discount`): only the admin's screens, the API and the checkout need them.
 * Amounts are in major units of the store currency, as the API writes money.
 */

export const DISCOUNT_KINDS = ['percentage', 'fixed', 'free-shipping', 'buy-x-get-y'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const MAX_DISCOUNT_AMOUNT = 1_000_000;
export const MAX_DISCOUNT_TARGETS = 200;

/** Letters, digits, `-` and `_`; compared without regard to case and stored in capitals. */
export const discountCodeSchema = z
  .string({ error: 'code must be text' })
  .trim()
  .min(2, 'code must be at least 2 characters')
  .max(40, 'code must be at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'code may contain only letters, digits, - and _')
  .transform((code) => code.toUpperCase());

const count = (field: string) =>
  z
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(1_000_000, `${field} must be at most 1000000`);

const amount = (field: string) =>
  z
    .number({ error: `${field} must be an amount` })
    .min(0, `${field} must not be negative`)
    .max(MAX_DISCOUNT_AMOUNT, `${field} must be at most ${MAX_DISCOUNT_AMOUNT}`);

const instant = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field} must be a date and time (ISO 8601)` });

const targets = (field: string) =>
  z
    .array(objectIdSchema, { error: `${field} must be a list of ids` })
    .max(MAX_DISCOUNT_TARGETS, `${field} lists at most ${MAX_DISCOUNT_TARGETS} ids`);

/**
 * What the admin writes. `value` is the percentage (1–100, whole) for `percentage` and the
 * amount off the eligible goods for `fixed`; `buy` and `get` are for `buy-x-get-y` only.
 * Exactly one of a `code` and `automatic: true`.
 */
export const discountInputSchema = z
  .object({
    title: z
      .string({ error: 'title must be text' })
      .trim()
      .min(1, 'title is required')
      .max(120, 'title must be at most 120 characters'),
    code: discountCodeSchema.nullable().optional(),
    automatic: z.boolean({ error: 'automatic must be true or false' }).default(false),
    kind: z.enum(DISCOUNT_KINDS, {
      error: `kind must be one of: ${DISCOUNT_KINDS.join(', ')}`,
    }),
    value: z.number({ error: 'value must be a number' }).nullable().optional(),
    buy: count('buy').nullable().optional(),
    get: count('get').nullable().optional(),
    /** Eligible goods: these products and the products of these categories; both empty: all. */
    products: targets('products').default([]),
    categories: targets('categories').default([]),
    /** The eligible goods' subtotal (as the cart shows it) the cart must reach. */
    minSubtotal: amount('minSubtotal').nullable().optional(),
    startsAt: instant('startsAt').nullable().optional(),
    endsAt: instant('endsAt').nullable().optional(),
    firstOrderOnly: z.boolean({ error: 'firstOrderOnly must be true or false' }).default(false),
    /** Orders in all that may carry it. */
    usageLimit: count('usageLimit').nullable().optional(),
    /** Orders per account (per e-mail for a guest) that may carry it. */
    perCustomerLimit: count('perCustomerLimit').nullable().optional(),
    /** May apply together with other discounts (see the feature's doc for the order). */
    combinable: z.boolean({ error: 'combinable must be true or false' }).default(false),
    /** False: paused, applies to no cart until set true again. */
    active: z.boolean({ error: 'active must be true or false' }).default(true),
  })
  .superRefine((input, ctx) => {
    const problem = (message: string, path: string) =>
      ctx.addIssue({ code: 'custom', message, path: [path] });
    if (input.automatic && input.code) problem('An automatic discount has no code', 'code');
    if (!input.automatic && !input.code) problem('code is required (or automatic: true)', 'code');
    const value = input.value ?? null;
    if (input.kind === 'percentage') {
      if (value === null || !Number.isInteger(value) || value < 1 || value > 100) {
        problem('value must be a whole percentage from 1 to 100', 'value');
      }
    } else if (input.kind === 'fixed') {
      if (value === null || value <= 0 || value > MAX_DISCOUNT_AMOUNT) {
        problem(`value must be an amount above 0 and at most ${MAX_DISCOUNT_AMOUNT}`, 'value');
      }
    } else if (value !== null) {
      problem(`a ${input.kind} discount has no value`, 'value');
    }
    const buyGet = input.kind === 'buy-x-get-y';
    if (buyGet && (input.buy == null || input.get == null)) {
      problem('buy and get are required for buy-x-get-y', 'buy');
    }
    if (!buyGet && (input.buy != null || input.get != null)) {
      problem('buy and get are for buy-x-get-y only', 'buy');
    }
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt)) {
      problem('endsAt must be after startsAt', 'endsAt');
    }
  });
export type DiscountInput = z.input<typeof discountInputSchema>;

export const discountSchema = z
  .object({
    _id: objectIdSchema,
    title: z.string(),
    /** In capitals; null for an automatic discount. */
    code: z.string().nullable(),
    automatic: z.boolean(),
    kind: z.enum(DISCOUNT_KINDS),
    value: z.number().nullable(),
    buy: z.number().int().nullable(),
    get: z.number().int().nullable(),
    products: z.array(objectIdSchema),
    categories: z.array(objectIdSchema),
    minSubtotal: z.number().nullable(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    firstOrderOnly: z.boolean(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    combinable: z.boolean(),
    active: z.boolean(),
    /** Orders placed with it and not given back (cancelled or fully refunded). */
    used: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof discountSchema>;

export const discountsResponseSchema = z.object({
  success: z.literal(true),
  discounts: z.array(discountSchema),
});
export type DiscountsResponse = z.infer<typeof discountsResponseSchema>;

export const discountResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  discount: discountSchema,
});
export type DiscountResponse = z.infer<typeof discountResponseSchema>;

/** A discount as a quote or an order carries it: what it took off, in major units. */
export const appliedDiscountSchema = z.object({
  _id: objectIdSchema,
  /** Null for an automatic discount. */
  code: z.string().nullable(),
  title: z.string(),
  amount: z.number(),
});
export type AppliedDiscount = z.infer<typeof appliedDiscountSchema>;

/** The code a shopper gave, in the quote, checkout and place-order bodies. */
export const discountCodeFieldSchema = z
  .string({ error: 'discountCode must be text' })
  .trim()
  .max(40, 'discountCode must be at most 40 characters')
  .optional()
  .meta({ description: 'A discount code the shopper typed or followed a link with' });
