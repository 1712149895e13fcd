import { categorySchema } from './category.js';
import { changeReasonSchema, notTextError, objectIdSchema, requiredText } from './common.js';
import { totalField, wholeNumberInUrl } from './paging.js';
import { productPhotoSchema } from './photo.js';
import { priceRangeSchema } from './price-bands.js';
import { NO_RATING, productRatingSchema } from './rating.js';
import { DEFAULT_TAX_CLASS, taxClassSchema } from './tax-class.js';
import { SEARCH_KEYWORD_MAX } from './values.js';
import { MAX_WEIGHT_GRAMS, productOptionSchema, productVariantSchema } from './variant.js';
import { z } from './zod.js';

export { PRODUCT_PAGE_SIZE } from './values.js';

export const productSchema = z
  .object({
    _id: objectIdSchema,
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    /** The lowest price of its variants. */
    price: z.number(),
    /** The stock of all its variants. */
    quantity: z.number().int(),
    /** Empty for a product sold one way only (and read as empty from a payload without it). */
    options: z.array(productOptionSchema).default([]),
    /** One per combination of option values kept (exactly one on a product without options). */
    variants: z.array(productVariantSchema).default([]),
    shipping: z.union([z.literal(0), z.literal(1)]),
    /** Grams, what its variants weigh unless they say (read as 0 from a payload without it). */
    weight: z.number().int().default(0),
    /** What its variants are taxed as unless they say (read as standard from a payload without it). */
    taxClass: z.string().default(DEFAULT_TAX_CLASS),
    /** Its visible reviews (read as none from a payload without it). */
    rating: productRatingSchema.default(NO_RATING),
    /** Null only when the product's category no longer exists. */
    category: categorySchema.nullable(),
    /** Null only when the product has no photo. */
    photo: productPhotoSchema.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productSchema>;

/** A product as order lines show it: no stock, no photo bytes (only the photo's metadata). */
export const productSummarySchema = productSchema.pick({
  _id: true,
  name: true,
  slug: true,
  description: true,
  price: true,
  photo: true,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

const numberField = (field: string, opts: { int: boolean; max: number }) =>
  z
    .string({ error: notTextError(field, 'a number') })
    .trim()
    .min(1, `${field} is required`)
    // Plain decimals only: Number() would also read '0x10', '1e3' or 'Infinity'.
    .regex(/^-?\d+(\.\d+)?$/, `${field} must be a number`)
    .transform(Number)
    .pipe(
      z
        .number({ error: `${field} must be a number` })
        .refine((n) => !opts.int || Number.isInteger(n), `${field} must be a whole number`)
        .refine((n) => n >= 0, `${field} must not be negative`)
        .refine((n) => n <= opts.max, `${field} must be at most ${opts.max}`),
    );

/**
 * The text fields of the multipart create and update forms (every multipart
 * field arrives as a string). Shipping is "1"/"0" (also "true"/"false"/"yes"/"no").
 */
export const productFormSchema = z.object({
  name: requiredText('Name', 200),
  description: requiredText('Description', 5000),
  price: numberField('Price', { int: false, max: 1_000_000 }),
  quantity: numberField('Quantity', { int: true, max: 1_000_000 }),
  /**
   * On update, the stock the edit form was opened with: the edit is refused when a
   * checkout changed the stock meanwhile, instead of writing the old count back.
   */
  previousQuantity: numberField('Previous quantity', { int: true, max: 1_000_000 }).optional(),
  category: z
    .string({ error: notTextError('Category', 'a category id') })
    .trim()
    .min(1, 'Category is required')
    .pipe(objectIdSchema),
  shipping: z
    .string({ error: 'Shipping must be 0 or 1' })
    .trim()
    .toLowerCase()
    .refine(
      (v) => ['0', '1', 'true', 'false', 'yes', 'no', ''].includes(v),
      'Shipping must be 0 or 1',
    )
    .transform((v): 0 | 1 => (v === '1' || v === 'true' || v === 'yes' ? 1 : 0))
    .optional(),
  /** Grams; 0 on a new product without it, unchanged on an update without it. */
  weight: numberField('Weight', { int: true, max: MAX_WEIGHT_GRAMS }).optional(),
  /** Standard on a new product without it, unchanged on an update without it. */
  taxClass: taxClassSchema.optional(),
  /** Why, for the audit log: required on an update that changes the price. */
  reason: changeReasonSchema,
});
export type ProductForm = z.input<typeof productFormSchema>;
export type ProductFormValues = z.output<typeof productFormSchema>;

export const productListResponseSchema = z.object({
  success: z.literal(true),
  products: z.array(productSchema),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** A page of a product list that is paged (every one but product-list/{page}). */
export const pagedProductListResponseSchema = productListResponseSchema.extend(totalField);
export type PagedProductListResponse = z.infer<typeof pagedProductListResponseSchema>;

export const allProductsResponseSchema = pagedProductListResponseSchema.extend({
  /** Products on this page (the spec's field); `total` counts them all. */
  countTotal: z.number().int(),
  message: z.string(),
});

export const productResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  product: productSchema,
});
export type ProductResponse = z.infer<typeof productResponseSchema>;

export const productCountResponseSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
});
export type ProductCountResponse = z.infer<typeof productCountResponseSchema>;

export const productPageParamsSchema = z.object({
  page: z
    .string()
    .regex(/^\d+$/, 'page must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'page must be 1 or more').max(100_000, 'page is too large'))
    .meta({ override: wholeNumberInUrl(100_000) }),
});

/** No price band chosen; documented as an empty array (OpenAPI has no empty `prefixItems`). */
const noPriceRange = z.tuple([]).meta({
  override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    delete jsonSchema.prefixItems;
    Object.assign(jsonSchema, { type: 'array', maxItems: 0 });
  },
});

export const productFiltersRequestSchema = z.object({
  checked: z.array(objectIdSchema).max(100).default([]),
  radio: z.union([priceRangeSchema, noPriceRange]).default([]),
});
export type ProductFiltersRequest = z.input<typeof productFiltersRequestSchema>;
export type ProductFilters = z.output<typeof productFiltersRequestSchema>;

export const searchParamsSchema = z.object({
  keyword: z
    .string()
    .trim()
    .min(1, 'keyword is required')
    .max(SEARCH_KEYWORD_MAX, 'keyword is too long'),
});
/** `search/{keyword}` answers with the bare list of matching products. */
export const searchResponseSchema = z.array(productSchema);

export const relatedProductParamsSchema = z.object({
  productId: objectIdSchema,
  categoryId: objectIdSchema,
});

export const productCategoryResponseSchema = z.object({
  success: z.literal(true),
  category: categorySchema,
  products: z.array(productSchema),
  ...totalField,
});
export type ProductCategoryResponse = z.infer<typeof productCategoryResponseSchema>;
