import {
  TWO_FACTOR_DISABLED,
  TWO_FACTOR_ENABLED,
  type TwoFactorChangeResponse,
  type TwoFactorSetupResponse,
  type TwoFactorStatusResponse,
  twoFactorChangeResponseSchema,
  twoFactorCodeRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@shop/contracts/two-factor';
import { currentUser } from '../../lib/http.js';
import { defineRoute } from '../../lib/route.js';
import { ownAccountAudit } from './audit.js';
import type { KnownBrowsers } from './known-browsers.js';
import type { PasswordGuessBudget } from './password-guesses.js';
import {
  disableTwoFactor,
  enableTwoFactor,
  setUpTwoFactor,
  twoFactorStatus,
} from './two-factor.js';

export interface TwoFactorRoutesOptions {
  /** The issuer an authenticator app shows beside the account: the shop's name. */
  issuer: () => Promise<string>;
  /** Whether the store requires two-factor sign-in of staff. */
  staffTwoFactorRequired: () => Promise<boolean>;
  /** The sign-in's budget of wrong guesses, which wrong codes spend too. */
  guesses: PasswordGuessBudget;
  browsers: KnownBrowsers;
}

/** The account's two-factor sign-in: whether it is on, setting it up, turning it on and off. */
export function twoFactorRoutes({
  issuer,
  staffTwoFactorRequired,
  guesses,
  browsers,
}: TwoFactorRoutesOptions) {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/2fa',
      access: 'user',
      summary:
        'Whether one’s two-factor sign-in is on, whether the store requires it of one, and how many recovery codes are left',
      responses: { 200: twoFactorStatusResponseSchema },
      failures: [],
      handler: async (_input, req, res) => {
        const status = await twoFactorStatus(currentUser(req), staffTwoFactorRequired);
        res.json({ success: true, ...status } satisfies TwoFactorStatusResponse);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/2fa/setup',
      access: 'user',
      summary:
        'Set up two-factor sign-in: a new secret (as an otpauth URI and its QR code, this answer only) and ten recovery codes, shown once; it is on once a code of it is confirmed',
      responses: { 200: twoFactorSetupResponseSchema },
      failures: [409],
      handler: async (_input, req, res) => {
        const setup = await setUpTwoFactor(currentUser(req), await issuer(), new Date());
        // The secret and the recovery codes: no cache may keep them.
        res.set('Cache-Control', 'no-store');
        res.json({ success: true, ...setup } satisfies TwoFactorSetupResponse);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/2fa/enable',
      access: 'user',
      summary: 'Turn two-factor sign-in on with a code of the secret just set up',
      body: { json: twoFactorCodeRequestSchema },
      responses: { 200: twoFactorChangeResponseSchema },
      failures: [400, 409, 413],
      audit: ownAccountAudit,
      handler: async ({ body }, req, res) => {
        await enableTwoFactor(currentUser(req)._id, body.otp, new Date());
        res.json({ success: true, message: TWO_FACTOR_ENABLED } satisfies TwoFactorChangeResponse);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/auth/2fa',
      access: 'user',
      summary:
        'Turn two-factor sign-in off with a code or a recovery code (wrong ones count as wrong passwords)',
      middleware: [browsers.read],
      body: { json: twoFactorCodeRequestSchema },
      responses: { 200: twoFactorChangeResponseSchema },
      failures: [400, 409, 413, 429],
      audit: ownAccountAudit,
      handler: async ({ body }, req, res) => {
        const check = guesses.from(browsers.of(req));
        await disableTwoFactor(currentUser(req)._id, body.otp, check, new Date());
        res.json({ success: true, message: TWO_FACTOR_DISABLED } satisfies TwoFactorChangeResponse);
      },
    }),
  ];
}
