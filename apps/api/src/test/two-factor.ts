import { twoFactorSetupResponseSchema } from '@shop/contracts/two-factor';
import { TOTP, URI } from 'otpauth';
import type { Api } from './harness.js';

const PERIOD_MS = 30_000;

/** What an authenticator app holds once it read the setup's QR code: the shared secret. */
export interface App {
  /** The code `stepsAhead` steps from now (1: the next one, which the server still accepts). */
  code: (stepsAhead?: number) => string;
  secret: string;
}

export function appOf(otpauthUri: string): App {
  const totp = URI.parse(otpauthUri);
  if (!(totp instanceof TOTP)) throw new Error(`not a TOTP URI: ${otpauthUri}`);
  return {
    code: (stepsAhead = 0) => totp.generate({ timestamp: Date.now() + stepsAhead * PERIOD_MS }),
    secret: totp.secret.base32,
  };
}

/** Sets two-factor sign-in up for the token's account: its app and its recovery codes. */
export async function setUp(api: Api, token: string) {
  const res = await api.post('/api/v1/auth/2fa/setup').set('Authorization', token).expect(200);
  const setup = twoFactorSetupResponseSchema.parse(res.body);
  return { ...setup, app: appOf(setup.otpauthUri) };
}

/**
 * Sets it up and turns it on with the current code: the next code (`app.code(1)`) is the first
 * that signs in.
 */
export async function turnOn(api: Api, token: string) {
  const setup = await setUp(api, token);
  await api
    .post('/api/v1/auth/2fa/enable')
    .set('Authorization', token)
    .send({ otp: setup.app.code() })
    .expect(200);
  return setup;
}
