import { linkTokenSchema, passwordSchema } from './user.js';
import { z } from './zod.js';

/*
 * Calls only the account's own screens make (the profile, taking an account over), in a path of
 * their own (`@shop/contracts/account`): a schema in the package's index is in every page's
 * bundle, the home page's too.
 */

/** Every token of the account is revoked, this device's too: it signs in again. */
export const signOutEverywhereResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponseSchema>;

/**
 * The link e-mailed to an address an account holds without having confirmed it: its mailbox's
 * owner sets the account's password, and so owns it.
 */
export const takeOverRequestSchema = z.object({ token: linkTokenSchema, password: passwordSchema });
export type TakeOverRequest = z.infer<typeof takeOverRequestSchema>;

export const TAKEN_OVER = 'The account is yours: sign in with your e-mail and new password';

export const takeOverResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type TakeOverResponse = z.infer<typeof takeOverResponseSchema>;
