import { objectIdSchema, requiredText } from './common.js';
import { listQuerySchema, totalField } from './paging.js';
import { refundLineSchema } from './refund.js';
import type { StaffRole } from './values.js';
import { variantOptionsSchema } from './variant.js';
import { z } from './zod.js';

/**
 * Returns of an order (issue 37): the buyer asks to send some units back, with a reason; an
 * admin approves or rejects the ask, marks the parcel received (putting back on the shelf what
 * can be sold again), then refunds it or closes it.
 */

export const RETURN_STATUSES = [
  'requested',
  'approved',
  'rejected',
  'received',
  'refunded',
  'closed',
] as const;
export const returnStatusSchema = z.enum(RETURN_STATUSES, {
  error: `status must be one of ${RETURN_STATUSES.join(', ')}`,
});
export type ReturnStatus = z.infer<typeof returnStatusSchema>;

/**
 * Who may move a return to each status (an owner always): support decides and refunds it (up
 * to its refund limit), fulfilment receives what comes back.
 */
export const RETURN_STEP_ROLES: Record<ReturnStatus, readonly StaffRole[]> = {
  requested: [],
  approved: ['support'],
  rejected: ['support'],
  received: ['fulfilment'],
  refunded: ['support'],
  closed: ['support'],
};

/** The statuses each status may move to: a return moves forward only. */
export const RETURN_NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ['approved', 'rejected'],
  approved: ['received'],
  rejected: [],
  received: ['refunded', 'closed'],
  refunded: [],
  closed: [],
};

const returnLinesSchema = z
  .array(refundLineSchema, { error: 'lines must be a list of { sku, quantity }' })
  .max(100, 'lines lists at most 100 lines');

/** What the buyer sends. */
export const returnRequestSchema = z.object({
  lines: returnLinesSchema.min(1, 'Pick at least one line to return'),
  reason: requiredText('reason', 500),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** What an admin sends: the next status and, with `received`, what goes back on the shelf. */
export const returnUpdateSchema = z
  .object({ status: returnStatusSchema, restock: returnLinesSchema.optional() })
  .refine(({ status, restock }) => status === 'received' || restock === undefined, {
    error: 'restock goes only with the received status',
  });
export type ReturnUpdate = z.infer<typeof returnUpdateSchema>;

export const returnsQuerySchema = listQuerySchema().extend({
  status: returnStatusSchema.optional(),
});

const returnStepSchema = z.object({
  status: returnStatusSchema,
  at: z.string(),
  /** Who moved it: the buyer (a guest, who has no account: the order's id) or an admin. */
  by: z.object({ _id: objectIdSchema, name: z.string(), role: z.enum(['buyer', 'admin']) }),
});

/**
 * A returned line as the return keeps it: its units, and what the order's line was (its name
 * and its variant's options, as bought); absent on returns asked before they were kept.
 */
const returnedLineSchema = refundLineSchema.extend({
  name: z.string().optional(),
  options: variantOptionsSchema.optional(),
});

export const orderReturnSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    orderNumber: z.number(),
    lines: z.array(returnedLineSchema),
    reason: z.string(),
    status: returnStatusSchema,
    history: z.array(returnStepSchema),
    /** What went back on the shelf when it was received (empty: nothing). */
    restock: z.array(refundLineSchema),
    restocked: z.boolean(),
    /** The refund of its lines, once refunded (see the order's `refunds`). */
    refundId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'OrderReturn' });
export type OrderReturn = z.infer<typeof orderReturnSchema>;

export const returnResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  return: orderReturnSchema,
});

export const returnsResponseSchema = z.object({
  success: z.literal(true),
  returns: z.array(orderReturnSchema),
  ...totalField,
});
