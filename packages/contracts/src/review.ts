import { objectIdSchema, requiredText } from './common.js';
import { listQuerySchema, totalField } from './paging.js';
import { REVIEW_STARS } from './values.js';
import { z } from './zod.js';

/**
 * Reviews: the calls' schemas, imported as `@shop/contracts/reviews` (not from the index) so
 * that the home page's bundle does not carry them.
 */

/** The limits, shared by the review form and the API. */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
export { REVIEW_STARS };

/** Visible reviews per star, `'1'` to `'5'`. */
export const starCountsSchema = z.object({
  1: z.number().int().min(0),
  2: z.number().int().min(0),
  3: z.number().int().min(0),
  4: z.number().int().min(0),
  5: z.number().int().min(0),
});
export type StarCounts = z.infer<typeof starCountsSchema>;

export const reviewSchema = z
  .object({
    _id: objectIdSchema,
    productId: objectIdSchema,
    /** The reviewer: their id and the name they have now. */
    user: z.object({ _id: objectIdSchema, name: z.string() }),
    rating: z.number().int().min(1).max(5),
    /** Plain text, shown as text (never as HTML). */
    title: z.string(),
    body: z.string(),
    /** Hidden by an administrator: counted nowhere, shown only to administrators and its author. */
    hidden: z.boolean(),
    /** Written by a buyer of the product (a paid order, not cancelled, when it was written). */
    verifiedPurchase: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof reviewSchema>;

export const ratingValueSchema = z
  .number({ error: 'Rating must be a whole number from 1 to 5' })
  .int('Rating must be a whole number from 1 to 5')
  .min(1, 'Rating must be a whole number from 1 to 5')
  .max(5, 'Rating must be a whole number from 1 to 5');

export const reviewRequestSchema = z.object({
  rating: ratingValueSchema,
  title: requiredText('Title', REVIEW_TITLE_MAX),
  body: requiredText('Body', REVIEW_BODY_MAX),
});
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

export const reviewVisibilityRequestSchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});

export const productIdParamsSchema = z.object({ productId: objectIdSchema });
export const reviewParamsSchema = z.object({ productId: objectIdSchema, reviewId: objectIdSchema });

/** A page of a product's reviews, newest first, with what its visible reviews add up to. */
export const reviewListResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(reviewSchema),
  ...totalField,
  average: z.number().min(0).max(5),
  stars: starCountsSchema,
});
export type ReviewListResponse = z.infer<typeof reviewListResponseSchema>;

export const reviewResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  review: reviewSchema,
});
export type ReviewResponse = z.infer<typeof reviewResponseSchema>;

/** What the signed-in user has to do with a product's reviews. */
export const myReviewResponseSchema = z.object({
  success: z.literal(true),
  /** Their review of it (hidden or not), or null. */
  review: reviewSchema.nullable(),
  /** Whether they may write one now: a buyer of it who has not reviewed it yet. */
  canReview: z.boolean(),
});
export type MyReviewResponse = z.infer<typeof myReviewResponseSchema>;

/** What the admin's Reviews screen narrows the list to: shown (counted) or hidden ones. */
export const REVIEW_STATES = ['shown', 'hidden'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

const stateFilterSchema = z
  .enum(['', ...REVIEW_STATES], { error: 'state must be empty, shown or hidden' })
  .transform((state) => (state === '' ? undefined : state))
  .optional();

const starsFilterSchema = z
  .enum(['', ...REVIEW_STARS.map(String)], {
    error: 'stars must be empty or a whole number from 1 to 5',
  })
  .transform((stars) => (stars === '' ? undefined : Number(stars)))
  .optional();

/** `GET /api/v1/reviews`' query: its paging, a state and a number of stars (empty: every one). */
export const allReviewsQuerySchema = listQuerySchema().extend({
  state: stateFilterSchema,
  stars: starsFilterSchema,
});
export type AllReviewsQuery = z.output<typeof allReviewsQuerySchema>;

/** A review as the admin's Reviews screen lists it: with its product's name and slug, null once deleted. */
export const adminReviewSchema = reviewSchema
  .extend({ product: z.object({ name: z.string(), slug: z.string() }).nullable() })
  .meta({ id: 'AdminReview' });
export type AdminReview = z.infer<typeof adminReviewSchema>;

/** A page of every product's reviews, newest first, and how many match. */
export const allReviewsResponseSchema = z.object({
  success: z.literal(true),
  reviews: z.array(adminReviewSchema),
  ...totalField,
});
export type AllReviewsResponse = z.infer<typeof allReviewsResponseSchema>;
