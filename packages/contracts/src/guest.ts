import { orderResponseSchema } from './order.js';
import { emailSchema, linkTokenSchema } from './user.js';
import { z } from './zod.js';

/** place-order's answer: the order, and the link that opens it without signing in. */
export const placeOrderResponseSchema = orderResponseSchema.extend({
  /**
   * `<shop>/orders/<number>?key=<key>`: opens the order without signing in. Absent only for an
   * order recorded by an earlier version, which has no key.
   */
  orderLink: z.string().optional(),
});
export type PlaceOrderResponse = z.infer<typeof placeOrderResponseSchema>;

/** The key of an order's link; a missing one answers as a wrong one (404). */
export const orderKeyQuerySchema = z.object({ key: z.string().max(200).optional() });

export const findOrdersRequestSchema = z.object({ email: emailSchema });
export type FindOrdersRequest = z.infer<typeof findOrdersRequestSchema>;

/** The same answer whether or not the address has orders. */
export const FIND_ORDERS_ANSWER =
  'If there are orders for this e-mail, we have sent their links to it.';

export const findOrdersResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type FindOrdersResponse = z.infer<typeof findOrdersResponseSchema>;

/** Sent signed in, as the account the link was e-mailed for. */
export const verifyEmailRequestSchema = z.object({ token: linkTokenSchema });
export type VerifyEmailRequest = z.infer<typeof verifyEmailRequestSchema>;

export const verifyEmailResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** How many guest orders of this e-mail are now the account's. */
  claimed: z.number().int().min(0),
});
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;
