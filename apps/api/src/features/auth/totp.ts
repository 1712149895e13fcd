import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Time-based one-time passwords as RFC 6238 and every authenticator app has them: HMAC-SHA-1,
 * 6 digits, a new code every 30 s; a code of the step before or after the current one still
 * passes (a phone's clock a little off, a code typed as it changed).
 */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

/** A new secret, base32 as authenticator apps take it. */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

const totpOf = (secret: string, issuer = '', label = '') =>
  new TOTP({ ...TOTP_SETTINGS, issuer, label, secret: Secret.fromBase32(secret) });

/** The `otpauth://totp/…` URI an app reads (from its QR code, or typed as the secret). */
export const otpauthUri = (secret: string, issuer: string, account: string): string =>
  totpOf(secret, issuer, account).toString();

/** The URI drawn as a QR code, an SVG document. */
export const qrCodeSvg = (uri: string): Promise<string> =>
  QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** Whether `code` looks like an app's code (6 digits; the spaces apps show between them aside). */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(withoutSpaces(code));

const withoutSpaces = (code: string) => code.replace(/\s+/g, '');

/**
 * The time step whose code `code` is, within one step of `now`'s; null when it is none of them.
 * Steps only grow, so the caller accepts a step once by keeping the last one accepted.
 */
export function stepOfCode(secret: string, code: string, now: Date): number | null {
  // The library compares as many bytes as the code has with a 6-digit code, and throws on others.
  if (!isTotpCode(code)) return null;
  const totp = totpOf(secret);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: withoutSpaces(code), timestamp, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}

const RECOVERY_CODES = 10;
/** Letters and digits nobody confuses when reading them off paper (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_HALF = 5;

/** Ten codes of ten random characters (about 50 bits each), as `abcde-fghjk`. */
export function newRecoveryCodes(): string[] {
  const half = () =>
    Array.from(
      { length: RECOVERY_HALF },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
  return Array.from({ length: RECOVERY_CODES }, () => `${half()}-${half()}`);
}

/**
 * What is kept of a recovery code: its SHA-256, read however it was typed (any case, with or
 * without the dash and spaces). Random codes of 50 bits need no slow hash: nothing guesses them
 * from their hashes, and the sign-in's budget counts guesses.
 */
export const recoveryCodeHash = (code: string): string =>
  createHash('sha256')
    .update(code.toLowerCase().replace(/[\s-]+/g, ''))
    .digest('hex');
