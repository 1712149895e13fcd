import { otpSchema } from './user.js';
import { z } from './zod.js';

/*
 * Two-factor sign-in (TOTP, RFC 6238), in a path of its own (`@shop/contracts/two-factor`): only
 * the account's own screens and the login's code step use it.
 */

/** Turning it on (a code of the app just set up) or off (a code, or a recovery code). */
export const twoFactorCodeRequestSchema = z.object({ otp: otpSchema });
export type TwoFactorCodeRequest = z.infer<typeof twoFactorCodeRequestSchema>;

/**
 * A new secret, pending until a code of it turns two-factor sign-in on: the only answer that
 * ever carries it (inside `otpauthUri`, and drawn in `qrSvg`). The ten recovery codes are shown
 * this once; the server keeps only their hashes.
 */
export const twoFactorSetupResponseSchema = z.object({
  success: z.literal(true),
  otpauthUri: z.string(),
  qrSvg: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

/** Whether it is on, and whether the store requires it of this account before anything else. */
export const twoFactorStatusResponseSchema = z.object({
  success: z.literal(true),
  enabled: z.boolean(),
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

export const twoFactorChangeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type TwoFactorChangeResponse = z.infer<typeof twoFactorChangeResponseSchema>;

/**
 * The 403 every other call of a staff account answers while the store requires two-factor
 * sign-in and the account has not set it up: the web sends it to the setup screen.
 */
export const twoFactorSetupRequiredSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  twoFactorSetupRequired: z.literal(true).optional(),
});

export const SET_UP_TWO_FACTOR = 'Set up two-factor sign-in to continue';
export const TWO_FACTOR_ENABLED = 'Two-factor sign-in is on';
export const TWO_FACTOR_DISABLED = 'Two-factor sign-in is off';
export const TWO_FACTOR_ALREADY_ON = 'Two-factor sign-in is already on: turn it off first';
export const TWO_FACTOR_NOT_SET_UP = 'Set up two-factor sign-in first';
export const TWO_FACTOR_NOT_ON = 'Two-factor sign-in is not on';
