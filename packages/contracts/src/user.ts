import { objectIdSchema, requiredText } from './common.js';
import { totalField } from './paging.js';
import { storedDeliveryAddressSchema } from './stored-address.js';
import { STAFF_ROLES } from './values.js';
import { z } from './zod.js';

export { ADMIN_ROLE, isAdmin, STAFF_ROLES, type StaffRole, staffMay } from './values.js';

export const staffRoleSchema = z.enum(STAFF_ROLES, {
  error: `staffRole must be one of ${STAFF_ROLES.join(', ')}`,
});

export const userSchema = z
  .object({
    _id: objectIdSchema,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    role: z.number().int(),
    /** A staff account's role (its `role` is 1); null for a customer, and in sessions kept before. */
    staffRole: staffRoleSchema.nullable().default(null),
    /** The delivery address saved at a checkout, prefilled at the next one. */
    deliveryAddress: storedDeliveryAddressSchema.optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** An e-mail address as the shop keeps it: trimmed and in lower case. */
export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Email must be a valid e-mail address'));

/**
 * The e-mail a guest checks out with (issue 29): create-payment-intent, place-order and the
 * quote take it instead of an `Authorization` header. With a valid token the account wins.
 */
export const guestEmailField = emailSchema.optional().meta({
  description:
    'Check out as a guest: the address the order, its e-mails and its link go to. Sent without ' +
    'an Authorization header; with a valid token the account checks out and this is ignored.',
});

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(6, 'Password must be at least 6 characters long')
  .max(72, 'Password must be at most 72 characters long');

/** What a one-time link e-mailed by the shop carries (`?token=`), sent back with its press. */
export const linkTokenSchema = z
  .string({ error: 'token is required' })
  .trim()
  .min(1, 'token is required')
  .max(200, 'This link is not valid or has expired');

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required to change the password';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/** Role is not accepted here: it is set only in the database. */
export const registerRequestSchema = z.object({
  name: requiredText('Name', 100),
  email: emailSchema,
  password: passwordSchema,
  phone: requiredText('Phone', 30),
  address: requiredText('Address', 500),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  user: userSchema.optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/**
 * A second factor: the 6 digits of an authenticator app (spaces allowed, as apps show them), or
 * one of the account's recovery codes (`xxxxx-xxxxx`).
 */
export const otpSchema = z
  .string({ error: 'otp must be text' })
  .trim()
  .min(1, 'otp is required')
  .max(32, 'otp is too long');

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
  /** Only for an account with two-factor sign-in on; ignored for any other. */
  otp: otpSchema.optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: userSchema,
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * A refused login. `twoFactorRequired`: the password was right but the account has two-factor
 * sign-in on, and the code (`otp`) was missing or wrong: the form asks for it.
 */
export const loginErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  twoFactorRequired: z.literal(true).optional(),
});
export type LoginError = z.infer<typeof loginErrorSchema>;
export const TWO_FACTOR_CODE_NEEDED = 'Enter the code from your authenticator app';
export const TWO_FACTOR_CODE_WRONG = 'The code is not right, or was used already';

/** What the browser keeps under the storage key `auth`. */
export const authSessionSchema = z.object({
  user: userSchema.nullable(),
  token: z.string(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

export const authCheckResponseSchema = z.object({ ok: z.boolean() });
export type AuthCheckResponse = z.infer<typeof authCheckResponseSchema>;

/**
 * `admin-auth`'s answer: the spec's `ok`, and the account's staff role as it is now (read with
 * the session), so that the dashboard shows what the role may open since its last change.
 */
export const staffCheckResponseSchema = authCheckResponseSchema.extend({
  staffRole: staffRoleSchema.nullable().optional(),
});
export type StaffCheckResponse = z.infer<typeof staffCheckResponseSchema>;

/**
 * The profile form sends every field; email is read-only and ignored by the
 * server, and an empty password leaves the password unchanged. A new password needs the
 * current one beside it, so that a token alone cannot take the account.
 */
export const profileUpdateRequestSchema = z
  .object({
    name: requiredText('Name', 100).optional(),
    email: z.string().optional(),
    password: z
      .string()
      .max(72, 'Password must be at most 72 characters long')
      .refine((p) => p.length === 0 || p.length >= 6, 'Password must be at least 6 characters long')
      .optional(),
    currentPassword: z.string().max(200).optional(),
    phone: requiredText('Phone', 30).optional(),
    address: requiredText('Address', 500).optional(),
  })
  .refine(
    ({ password, currentPassword }) => !password || Boolean(currentPassword),
    CURRENT_PASSWORD_REQUIRED,
  );
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;

export const profileUpdateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  updatedUser: userSchema,
  /** Given when the password changed: the tokens issued before are revoked. */
  token: z.string().optional(),
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/** A failed profile update carries its reason in `error` as well as `message`. */
export const profileUpdateErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.string(),
});

export const allUsersResponseSchema = z.object({
  success: z.literal(true),
  users: z.array(userSchema),
  ...totalField,
});
export type AllUsersResponse = z.infer<typeof allUsersResponseSchema>;
