import { z } from 'zod';

/** A MongoDB ObjectId in its 24-hex-digit text form. */
export const objectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'must be a valid id');

/** The body of every failed call: a 4xx (or 5xx) with a message a person can read. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A body that only reports the outcome. */
export const messageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A required text field: a string (never an object), trimmed, not empty. */
export const requiredText = (field: string, max = 200) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

export const idParamsSchema = z.object({ id: objectIdSchema });
export const slugParamsSchema = z.object({
  slug: z.string().trim().min(1, 'slug is required').max(300),
});
