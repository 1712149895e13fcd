import { objectIdSchema } from './common.js';
import { listQuerySchema, totalField } from './paging.js';
import { staffRoleSchema } from './user.js';
import { z } from './zod.js';

/*
 * The audit log (issue 38): every staff write, sign-in and role change, appended and never
 * changed (`@shop/contracts/audit`, a path of its own: only the owner's screens read it).
 */

/** What an entry's target is: what a staff write changed, or the account a sign-in tried. */
export const AUDIT_TARGET_TYPES = [
  'account',
  'category',
  'discount',
  'import',
  'order',
  'product',
  'return',
  'review',
  'settings',
] as const;
export const auditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES, {
  error: `type must be one of: ${AUDIT_TARGET_TYPES.join(', ')}`,
});
export type AuditTargetType = z.infer<typeof auditTargetTypeSchema>;

/** The fields of a staff write that changed: before and after, nothing else. */
const changedFieldsSchema = z.record(z.string(), z.unknown()).nullable();

export const auditEntrySchema = z
  .object({
    _id: z.string(),
    at: z.string(),
    /** Who did it; null for a sign-in that failed (nobody is known). */
    actor: z
      .object({ _id: z.string(), name: z.string(), staffRole: staffRoleSchema.nullable() })
      .nullable(),
    ip: z.string(),
    action: z.string(),
    target: z.object({
      type: auditTargetTypeSchema,
      _id: z.string().nullable(),
      label: z.string(),
    }),
    /** Null when there was nothing before (made by the call) or nothing after (deleted). */
    before: changedFieldsSchema,
    after: changedFieldsSchema,
    reason: z.string().optional(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A day or an instant (`2026-11-29` or ISO 8601 with its offset). */
const momentSchema = (field: string) =>
  z
    .string({ error: `${field} must be a date` })
    .regex(
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/,
      `${field} must be a date (YYYY-MM-DD or an ISO 8601 time)`,
    )
    .refine((text) => !Number.isNaN(Date.parse(text)), `${field} must be a real date`)
    .optional();

const fromNotAfterTo = {
  check: ({ from, to }: { from?: string; to?: string }) =>
    !from || !to || Date.parse(from) <= Date.parse(to),
  error: 'from must not be after to',
};

/**
 * What filters the log (and its CSV): who (an account's id), what kind of target, which one (its
 * id, exactly), and when (`from` a day's start or an instant, `to` a day's end or an instant).
 * A filter left out selects everything; an empty one is refused, as any value that is not one.
 */
export const auditFilterQuerySchema = z
  .object({
    actor: objectIdSchema.optional(),
    type: auditTargetTypeSchema.optional(),
    target: z
      .string({ error: 'target must be a text' })
      .min(1, 'target must not be empty')
      .max(100, 'target must be at most 100 characters')
      .optional(),
    from: momentSchema('from'),
    to: momentSchema('to'),
  })
  .refine(fromNotAfterTo.check, { error: fromNotAfterTo.error });
export type AuditFilter = z.output<typeof auditFilterQuerySchema>;

export const auditQuerySchema = z
  .object({ ...listQuerySchema().shape, ...auditFilterQuerySchema.shape })
  .refine(fromNotAfterTo.check, { error: fromNotAfterTo.error });
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditListResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(auditEntrySchema),
  ...totalField,
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
