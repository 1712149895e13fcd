import { objectIdSchema } from './common.js';
import { listQuerySchema } from './paging.js';
import { z } from './zod.js';

/*
 * The query of the admin's products table (`GET /api/v1/product/admin-products`). A subpath of
 * its own (`@shop/contracts/admin-products`), so the storefront's bundles never carry it; its
 * answer is a paged product list (`pagedProductListResponseSchema`).
 */

/** How the table may be ordered: newest first, name A–Z, lowest price first, least stock first. */
export const ADMIN_PRODUCT_SORTS = ['newest', 'name', 'price', 'stock'] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];

/** The longest text an admin searches products for (a name's part or a SKU's). */
export const ADMIN_PRODUCT_SEARCH_MAX = 100;

const searchSchema = z
  .string({ error: 'search must be a text' })
  .trim()
  .max(ADMIN_PRODUCT_SEARCH_MAX, `search must be at most ${ADMIN_PRODUCT_SEARCH_MAX} characters`)
  .transform((search) => (search === '' ? undefined : search))
  .optional();

/** A category's id; empty means every category. */
const categorySchema = z
  .string({ error: 'category must be a category id' })
  .refine(
    (category) => category === '' || objectIdSchema.safeParse(category).success,
    'category must be a category id',
  )
  .transform((category) => (category === '' ? undefined : category))
  .optional();

const sortSchema = z
  .enum(ADMIN_PRODUCT_SORTS, {
    error: `sort must be one of: ${ADMIN_PRODUCT_SORTS.join(', ')}`,
  })
  .default('newest');

/** `admin-products`' query: its paging, a search by name or SKU, a category and the order. */
export const adminProductsQuerySchema = listQuerySchema().extend({
  search: searchSchema,
  category: categorySchema,
  sort: sortSchema,
});
export type AdminProductsQuery = z.output<typeof adminProductsQuerySchema>;
