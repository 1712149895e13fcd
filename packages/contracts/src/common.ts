import { z } from './zod.js';

/** A MongoDB ObjectId in its 24-hex-digit text form. */
export const objectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a valid id');

/** One thing wrong with a request, named by where it is in the request. */
export const fieldProblemSchema = z
  .object({
    /** Its path in the request, dot-separated: `price`, `rates.2.rate`, `zones.0.methods.1.name`. */
    field: z.string(),
    /** What is wrong, a sentence a person can act on. */
    message: z.string(),
  })
  .meta({ id: 'FieldProblem' });
export type FieldProblem = z.infer<typeof fieldProblemSchema>;

/**
 * The body of every failed call: a 4xx (or 5xx) with a message a person can read. A 400 about
 * the request's fields also lists every problem it found in `errors` (`message` is the first).
 */
export const errorResponseSchema = z
  .object({
    success: z.literal(false),
    message: z.string(),
    errors: z.array(fieldProblemSchema).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A body that only reports the outcome. */
export const messageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** The message of a field that is missing or is not a string (an object, a list, a number). */
export const notTextError =
  (field: string, expected = 'text') =>
  (issue: { input?: unknown }) =>
    issue.input === undefined ? `${field} is required` : `${field} must be ${expected}`;

/** A required text field: a string (never an object), trimmed, not empty. */
export const requiredText = (field: string, max = 200) =>
  z
    .string({ error: notTextError(field) })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

/**
 * Why a staff write was made, kept in the audit log: optional on the calls that take it, required
 * where it says so (a price change).
 */
export const changeReasonSchema = z
  .string({ error: 'reason must be text' })
  .trim()
  .max(200, 'reason must be at most 200 characters')
  .optional();

/** A product's price, changed by update-product or by its variants, is told why. */
export const PRICE_REASON_REQUIRED = 'reason is required when a price changes';

export const idParamsSchema = z.object({ id: objectIdSchema });
export const slugParamsSchema = z.object({
  slug: z.string().trim().min(1, 'slug is required').max(300),
});
