import { objectIdSchema, requiredText } from './common.js';
import { totalField } from './paging.js';
import { z } from './zod.js';

export const categorySchema = z
  .object({
    _id: objectIdSchema,
    name: z.string(),
    slug: z.string(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;

export const categoryRequestSchema = z.object({
  name: requiredText('Name', 60),
});
export type CategoryRequest = z.infer<typeof categoryRequestSchema>;

export const categoryListResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  category: z.array(categorySchema),
  ...totalField,
});
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

export const categoryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  category: categorySchema,
});
export type CategoryResponse = z.infer<typeof categoryResponseSchema>;
