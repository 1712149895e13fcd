import { z } from './zod.js';

/**
 * What every product answer carries of its reviews: the average of its visible ratings (to two
 * decimals, 0 without any) and how many there are.
 */
export const productRatingSchema = z
  .object({ average: z.number().min(0).max(5), count: z.number().int().min(0) })
  .meta({ id: 'ProductRating' });
export type ProductRating = z.infer<typeof productRatingSchema>;

export const NO_RATING: ProductRating = { average: 0, count: 0 };

/** The average shown for a sum of ratings over `count` of them: two decimals, 0 for none. */
export const averageRating = (sum: number, count: number) =>
  count > 0 ? Math.round((sum / count) * 100) / 100 : 0;
