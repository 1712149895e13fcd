import { objectIdSchema, requiredText } from './common.js';
import { z } from './zod.js';

/**
 * Refunds of an order (issue 37): an admin gives back some of what was captured, by lines (their
 * paid gross: discounts and tax included), the shipping, or any amount; a refund made in Stripe's
 * dashboard is recorded too. Amounts in major units of the order's currency, as every answer.
 */

/** The most units of one line a request names (an order line never holds more). */
const MAX_UNITS = 10_000;

export const refundLineSchema = z.object({
  sku: requiredText('sku', 100),
  quantity: z
    .number({ error: 'quantity must be a number' })
    .int('quantity must be a whole number')
    .min(1, 'quantity must be at least 1')
    .max(MAX_UNITS, `quantity must be at most ${MAX_UNITS}`),
});
export type RefundLine = z.infer<typeof refundLineSchema>;

export const refundRequestSchema = z
  .object({
    lines: z
      .array(refundLineSchema, { error: 'lines must be a list of { sku, quantity }' })
      .max(100, 'lines lists at most 100 lines')
      .optional(),
    shipping: z.boolean({ error: 'shipping must be true or false' }).optional(),
    /** Major units of the order's currency, beside the lines and the shipping. */
    amount: z
      .number({ error: 'amount must be a number' })
      .positive('amount must be more than 0')
      .max(100_000_000, 'amount must be at most 100000000')
      .optional(),
    reason: requiredText('reason', 200),
  })
  .refine(
    ({ lines, shipping, amount }) => (lines?.length ?? 0) > 0 || shipping === true || !!amount,
    { message: 'Name what to refund: lines, the shipping or an amount' },
  );
export type RefundRequest = z.infer<typeof refundRequestSchema>;

export const REFUND_STATUSES = ['pending', 'done'] as const;

/**
 * One refund of an order: `pending` while Stripe is asked (its amount already held against what
 * was captured), `done` with Stripe's refund id. `by` is null for a refund made in Stripe's
 * dashboard, which reaches the shop by webhook.
 */
export const orderRefundSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  lines: z.array(refundLineSchema),
  shipping: z.boolean(),
  reason: z.string(),
  by: z.object({ _id: objectIdSchema, name: z.string() }).nullable(),
  at: z.string(),
  stripeRefund: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;
