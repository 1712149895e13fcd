import { z } from './zod.js';

/*
 * Calls only the profile screen makes, in a path of their own (`@shop/contracts/account`): a
 * schema in the package's index is in every page's bundle, the home page's too.
 */

/** Every token of the account is revoked, this device's too: it signs in again. */
export const signOutEverywhereResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponseSchema>;
