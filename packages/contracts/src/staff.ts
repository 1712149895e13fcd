import { requiredText } from './common.js';
import { totalField } from './paging.js';
import {
  emailSchema,
  linkTokenSchema,
  passwordSchema,
  staffRoleSchema,
  userSchema,
} from './user.js';
import { z } from './zod.js';

/*
 * The owner's staff calls (`@shop/contracts/staff`): a path of their own, so that no storefront
 * page carries them.
 */

/** A staff role, or null: the account becomes a customer again. */
export const staffRoleRequestSchema = z.object({
  staffRole: z.union([staffRoleSchema, z.null()], {
    error: 'staffRole must be owner, catalogue, fulfilment, support or null (a customer)',
  }),
});
export type StaffRoleRequest = z.infer<typeof staffRoleRequestSchema>;

export const staffRoleResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
});
export type StaffRoleResponse = z.infer<typeof staffRoleResponseSchema>;

export const staffListResponseSchema = z.object({
  success: z.literal(true),
  staff: z.array(userSchema),
  ...totalField,
});
export type StaffListResponse = z.infer<typeof staffListResponseSchema>;

export const staffInviteRequestSchema = z.object({
  email: emailSchema,
  name: requiredText('Name', 100),
  staffRole: staffRoleSchema,
});
export type StaffInviteRequest = z.infer<typeof staffInviteRequestSchema>;

export const STAFF_INVITED = 'Invitation sent';

export const staffInviteResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type StaffInviteResponse = z.infer<typeof staffInviteResponseSchema>;

/** The invitation's link: its token and the password the invited person chooses. */
export const staffInviteAcceptSchema = z.object({
  token: linkTokenSchema,
  password: passwordSchema,
});
export type StaffInviteAccept = z.infer<typeof staffInviteAcceptSchema>;

export const STAFF_INVITE_ACCEPTED =
  'Welcome to the team: sign in with your e-mail and new password';
